import { useStaticUrl, type ColumnLink, type FriendLink } from "~/utils/root-data";
import { SmartLink } from "~/components/ui/smart-link";
import { CLIENT_LINKS } from "~/utils/client-links";

/** The footer's social images, with Chinese alt text. */
export const SOCIAL_IMAGES = [
  { code: "wechat", name: "微信公众号" },
  { code: "video", name: "视频号" },
  { code: "weibo", name: "微博" },
  { code: "douyin", name: "抖音" },
  { code: "kuaishou", name: "快手" },
  { code: "bilibili", name: "哔哩哔哩" },
] as const;

export const FOOTER_LINKS = [
  { to: "/contact", label: "联系我们" },
  { to: "/submit", label: "投稿" },
  { to: "/web-fonts", label: "使用网页字体" },
  { to: "/agreement/register", label: "用户注册协议" },
  { to: "/agreement/font", label: "字体授权协议" },
] as const;

export type SiteFooterProps = {
  appTitle: string;
  friendLinks: FriendLink[];
  columns: ColumnLink[];
  year: number;
};

export function SiteFooter({ appTitle, friendLinks, columns, year }: SiteFooterProps) {
  const asset = useStaticUrl();
  const sortedFriends = [...friendLinks].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  // The backend's footer columns may repeat the fixed links: show each destination once.
  const fixedUrls = new Set<string>(FOOTER_LINKS.map((item) => item.to));
  const fixedNames = new Set<string>(FOOTER_LINKS.map((item) => item.label));
  const sortedColumns = [...columns]
    .filter((column) => column.name && !fixedUrls.has(column.url) && !fixedNames.has(column.name))
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  return (
    <footer {...CLIENT_LINKS} className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__brand" aria-label={appTitle}>
          <a href="/" className="brand brand--footer">
            <img src={asset("/images/logo.svg")} alt="" width="32" height="32" className="brand__logo" />
            <span className="brand__title">{appTitle}</span>
          </a>
          <p className="site-footer__tagline">
            为短视频创作者准备的字体库：输入你的文字，一眼看清每款字体的效果与授权。
          </p>
          <ul className="social-list" aria-label="关注我们">
            {SOCIAL_IMAGES.map((item) => (
              <li key={item.code} className="social-list__item">
                <img
                  src={asset(`/images/social/${item.code}.svg`)}
                  alt={item.name}
                  title={item.name}
                  width="36"
                  height="36"
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </section>

        <nav className="site-footer__col" aria-label="关于本站">
          <h2 className="site-footer__heading">关于</h2>
          <ul>
            {FOOTER_LINKS.map((item) => (
              <li key={item.to}>
                <a href={item.to}>{item.label}</a>
              </li>
            ))}
            {sortedColumns.map((column) => (
              <li key={`col-${column.id}`}>
                <SmartLink link={column.url}>{column.name}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="site-footer__col site-footer__friends" aria-label="友情链接">
          <h2 className="site-footer__heading">友情链接</h2>
          {sortedFriends.length ? (
            <ul>
              {sortedFriends.map((item) => (
                <li key={item.id}>
                  <SmartLink link={item.link} choice={item.linkType}>
                    {item.name}
                  </SmartLink>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">暂无友情链接</p>
          )}
        </nav>

        <section className="site-footer__qr" aria-label="客服二维码">
          <h2 className="site-footer__heading">联系客服</h2>
          <img src={asset("/images/qr-service.svg")} alt="客服二维码" width="112" height="112" loading="lazy" />
          <p className="muted">微信扫码，联系客服</p>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>
            © {year} {appTitle} 版权所有 · 字体版权归原作者所有，商用前请核对授权
          </p>
        </div>
      </div>
    </footer>
  );
}
