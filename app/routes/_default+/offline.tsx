import type { MetaFunction } from "@remix-run/node";
import { useStaticUrl } from "~/utils/root-data";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [{ title: "网络已断开 - 短视频字体" }, { name: "robots", content: "noindex" }];

/**
 * The service worker shows this page, precached, in place of any page it cannot fetch offline; it
 * does not hydrate there, since its address is then another route's. 重试 loads the address again.
 */
export const handle = { hydrate: false };

export default function OfflinePage() {
  const asset = useStaticUrl();
  return (
    <div className="container">
      <section className="error-page offline-page" aria-labelledby="offline-title">
        <img src={asset("/images/empty.svg")} alt="" width="240" height="180" className="error-page__art" />
        <h1 id="offline-title" className="error-page__title">
          网络已断开
        </h1>
        <p className="error-page__text">这个页面还没有保存到本机，连上网络后再试一次。已经看过的页面离线时仍可打开。</p>
        {/* A GET form without an action loads the address shown in the address bar again. */}
        <form method="get" className="error-page__actions">
          <button type="submit" className="btn btn--accent">
            重试
          </button>
          <a href="/" className="btn btn--ghost">
            返回首页
          </a>
        </form>
      </section>
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
