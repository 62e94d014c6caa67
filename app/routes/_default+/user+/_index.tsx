import { NOTICE_TYPE_NAMES } from "@contract/notices";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { DownloadRecordItem } from "~/components/user/download-record-item";
import { UserAvatar } from "~/components/user/user-avatar";
import { formatChinaDateTime } from "~/components/user/user-lists";
import { listDownloads } from "~/services/downloads.server";
import { countUserUnreadNotices, listUserNotices } from "~/services/notices.server";
import { requireAuthGuard } from "~/utils/auth.server";
import { formatMemberSince } from "~/services/account/profile-forms";
import { throwApiError } from "~/utils/responses.server";
import { useRootData } from "~/utils/root-data";
import type { loader as userLayoutLoader } from "./_layout";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [{ title: "个人中心 - 短视频字体" }, { name: "robots", content: "noindex" }];

const LATEST = 5;

/** The latest downloads and messages; favorites and the comparison come with every page (root loader). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAuthGuard(request);
  const caller = { request, context };
  const [downloads, notices, unread] = await Promise.all([
    listDownloads(caller, { current: 1, size: LATEST }),
    listUserNotices(caller, { current: 1, size: LATEST }),
    countUserUnreadNotices(caller),
  ]).catch(throwApiError);
  return { downloads, notices, unread: unread.total };
}

export default function UserCentrePage() {
  const layout = useRouteLoaderData<typeof userLayoutLoader>("routes/_default+/user+/_layout");
  const rootData = useRootData();
  const { downloads, notices, unread } = useLoaderData<typeof loader>();
  if (!layout) return null;
  const { user, avatarUrl } = layout;

  const counts = [
    { label: "收藏夹", value: rootData?.favoriteFolders?.length ?? 0, to: "/user/favorite", id: "folders" },
    { label: "收藏的字体", value: rootData?.favoriteFontGNos.length ?? 0, to: "/user/favorite", id: "favorite-fonts" },
    { label: "对比中的字体", value: rootData?.compareFontGNos?.length ?? 0, to: "/user/compare", id: "compare" },
    { label: "下载记录", value: downloads.total, to: "/user/download", id: "downloads" },
    { label: "未读消息", value: unread, to: "/user/message", id: "unread" },
  ];

  return (
    <div className="user-page">
      <header className="page-head user-home__head">
        <UserAvatar src={avatarUrl} nickname={user.nickname} size={72} />
        <div>
          <h1 className="page-head__title">{user.nickname}</h1>
          <p className="page-head__lead muted">
            {formatMemberSince(user.createdAt)} 加入 · <Link to="/user/profile">编辑资料</Link>
          </p>
        </div>
      </header>

      <ul className="user-stats" aria-label="我的数据">
        {counts.map((count) => (
          <li key={count.id}>
            <Link to={count.to} className="user-stats__item card" data-testid={`count-${count.id}`}>
              <strong className="user-stats__value">{count.value}</strong>
              <span className="user-stats__label">{count.label}</span>
            </Link>
          </li>
        ))}
      </ul>

      <div className="user-home__columns">
        <section className="card user-card" aria-labelledby="latest-downloads-title">
          <h2 id="latest-downloads-title" className="user-card__title">
            最近下载
          </h2>
          {downloads.records.length > 0 ? (
            <ul className="user-list" aria-label="最近下载">
              {downloads.records.map((record) => (
                <DownloadRecordItem key={record.id} record={record} againLabel="下载" />
              ))}
            </ul>
          ) : (
            <p className="user-empty muted">还没有下载过字体。</p>
          )}
          <Link to="/user/download" className="user-card__more">
            全部下载记录
          </Link>
        </section>

        <section className="card user-card" aria-labelledby="latest-messages-title">
          <h2 id="latest-messages-title" className="user-card__title">
            最新消息
          </h2>
          {notices.records.length > 0 ? (
            <ul className="user-list" aria-label="最新消息">
              {notices.records.map((notice) => (
                <li key={notice.id} className={notice.read ? "user-list__item" : "user-list__item notice--unread"}>
                  <div className="user-list__main">
                    <Link to={`/user/message?type=${notice.type}`} className="user-list__title">
                      {!notice.read ? <span className="notice__dot" aria-label="未读" role="img" /> : null}
                      {notice.title}
                    </Link>
                    <span className="user-list__meta">
                      {NOTICE_TYPE_NAMES[notice.type]} ·{" "}
                      <time dateTime={notice.createdAt}>{formatChinaDateTime(notice.createdAt)}</time>
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="user-empty muted">还没有消息。</p>
          )}
          <Link to="/user/message" className="user-card__more">
            全部消息
          </Link>
        </section>
      </div>
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
