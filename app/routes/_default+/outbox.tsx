import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { isLoopbackHostName } from "@contract/account";
import { CODE_PURPOSE_NAMES } from "@contract/fields";
import { formatChinaDateTime } from "~/components/user/user-lists";
import { readOutbox } from "~/services/account.server";
import { notFound, throwApiError } from "~/utils/responses.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [{ title: "本机收件箱 - 短视频字体" }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/**
 * The local outbox (decision 022): codes and notices for channels without configuration, for the
 * visitor on the server's own machine; the backend answers 404 to anyone else. It sees this server
 * as the host, so the name the page was asked by is checked here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isLoopbackHostName(new URL(request.url).hostname)) throw notFound();
  const { entries } = await readOutbox({ request, context }).catch(throwApiError);
  return { entries };
}

export default function OutboxPage() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <div className="container outbox-page">
      <header className="page-head">
        <h1 className="page-head__title">本机收件箱</h1>
        <p className="page-head__lead">
          本站没有配置短信或邮件发送服务（SMS_GATEWAY_URL、SMTP_URL），发给本机访客的验证码放在这里。只有在运行网站的这台电脑上才能打开此页；验证码
          10 分钟后失效，并从这里消失。
        </p>
      </header>

      <section className="card" aria-labelledby="outbox-title">
        <div className="outbox-page__bar">
          <h2 id="outbox-title" className="outbox-page__title">
            最近的验证码
          </h2>
          {/* A GET form without an action loads this page again. */}
          <form method="get">
            <button type="submit" className="btn btn--ghost btn--sm">
              刷新
            </button>
          </form>
        </div>
        {entries.length > 0 ? (
          <div className="data-table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">发送时间</th>
                  <th scope="col">渠道</th>
                  <th scope="col">收件人</th>
                  <th scope="col">用途</th>
                  <th scope="col">验证码</th>
                  <th scope="col">有效期至</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={`${entry.sentAt}|${entry.target}|${entry.purpose}`} data-testid="outbox-entry">
                    <td>
                      <time dateTime={entry.sentAt}>{formatChinaDateTime(entry.sentAt)}</time>
                    </td>
                    <td>{entry.channel === "phone" ? "短信" : "邮件"}</td>
                    <td className="outbox-page__target">{entry.target}</td>
                    <td>{CODE_PURPOSE_NAMES[entry.purpose]}</td>
                    <td>
                      {entry.code ? (
                        <strong className="outbox-page__code">{entry.code}</strong>
                      ) : (
                        <span className="muted">通知：{entry.notice}</span>
                      )}
                    </td>
                    <td>
                      <time dateTime={entry.expiresAt}>{formatChinaDateTime(entry.expiresAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="empty-state outbox-page__empty">
            <p>还没有验证码。注册、验证码登录或找回密码时点“获取验证码”，验证码会出现在这里。</p>
            <Link to="/account/register" className="btn btn--primary btn--sm">
              去注册
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
