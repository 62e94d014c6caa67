import { NOTICE_TYPE_NAMES, NOTICE_TYPES, type NoticeType } from "@contract/notices";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Pagination } from "~/components/ui/pagination";
import { formatChinaDateTime, listHref, pageParam } from "~/components/user/user-lists";
import { countUserUnreadNotices, listUserNotices, markNoticeRead } from "~/services/notices.server";
import { isApiError } from "~/services/api-client.server";
import { requireAuthGuard } from "~/utils/auth.server";
import { parseFormSubmission } from "~/utils/form-data.server";
import { cn } from "~/utils/misc";
import { notFound, throwApiError } from "~/utils/responses.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [{ title: "消息 - 短视频字体" }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 20;

function typeParam(value: string | null): NoticeType | undefined {
  return (NOTICE_TYPES as readonly string[]).includes(value ?? "") ? (value as NoticeType) : undefined;
}

function idParam(value: unknown): number | undefined {
  return typeof value === "string" && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** The messages of one tab (`?type=`, all without), unread first; `?open=` is the message shown whole. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAuthGuard(request);
  const caller = { request, context };
  const searchParams = new URL(request.url).searchParams;
  const type = typeParam(searchParams.get("type"));
  const page = pageParam(searchParams);
  const [notices, unread] = await Promise.all([
    listUserNotices(caller, { current: page, size: PAGE_SIZE, type }),
    countUserUnreadNotices(caller),
  ]).catch(throwApiError);
  return { type: type ?? null, page, open: idParam(searchParams.get("open")) ?? null, notices, unread };
}

/**
 * Opening a message: marks it read (a POST, so a page view or a prefetch never changes anything)
 * and comes back to the same tab and page with the message open. Another user's id is a 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireAuthGuard(request);
  const formData = await parseFormSubmission(request);
  const id = idParam(formData.get("id"));
  if (id === undefined) throw notFound("消息不存在");
  try {
    await markNoticeRead({ request, context }, id);
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound("消息不存在");
    throwApiError(error);
  }
  const type = typeParam(typeof formData.get("type") === "string" ? (formData.get("type") as string) : null);
  const page = idParam(formData.get("page")) ?? 1;
  return redirect(listHref("/user/message", { type, page, open: id }));
}

const TABS: Array<{ type: NoticeType | null; label: string }> = [
  { type: null, label: "全部" },
  ...NOTICE_TYPES.map((type) => ({ type, label: NOTICE_TYPE_NAMES[type] })),
];

export default function MessagesPage() {
  const { type, page, open, notices, unread } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const opening = navigation.state !== "idle" ? navigation.formData?.get("id") : undefined;
  return (
    <div className="user-page">
      <header className="page-head">
        <h1 className="page-head__title">消息</h1>
        <p className="page-head__lead muted" data-testid="unread-total">
          {unread.total > 0 ? `你有 ${unread.total} 条未读消息` : "没有未读消息"}
        </p>
      </header>

      <section className="card user-card" aria-labelledby="messages-title">
        <h2 id="messages-title" className="visually-hidden">
          消息列表
        </h2>
        <nav className="user-tabs" aria-label="消息类型">
          {TABS.map((tab) => {
            const count = tab.type ? unread.byType[tab.type] : unread.total;
            const current = tab.type === type;
            return (
              <Link
                key={tab.label}
                to={listHref("/user/message", { type: tab.type ?? undefined })}
                className={cn("user-tabs__tab", current && "is-active")}
                aria-current={current ? "page" : undefined}
              >
                {tab.label}
                {count > 0 ? (
                  <span className="unread-badge unread-badge--inline">
                    {count}
                    <span className="visually-hidden"> 条未读</span>
                  </span>
                ) : null}
              </Link>
            );
          })}
        </nav>

        {notices.records.length > 0 ? (
          <ul className="user-list notice-list" aria-label="消息">
            {notices.records.map((notice) => {
              const isOpen = notice.id === open;
              return (
                <li
                  key={notice.id}
                  className={cn("user-list__item notice", !notice.read && "notice--unread", isOpen && "notice--open")}
                  data-notice-id={notice.id}
                  data-read={notice.read ? "true" : "false"}
                >
                  <div className="user-list__main">
                    <Form method="post" className="notice__open" preventScrollReset>
                      <input type="hidden" name="id" value={notice.id} />
                      {type ? <input type="hidden" name="type" value={type} /> : null}
                      {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
                      <button
                        type="submit"
                        className="notice__title"
                        aria-expanded={isOpen}
                        aria-controls={`notice-${notice.id}`}
                        disabled={opening === String(notice.id)}
                      >
                        {!notice.read ? <span className="notice__dot" aria-label="未读" role="img" /> : null}
                        {notice.title}
                      </button>
                    </Form>
                    <span className="user-list__meta">
                      {NOTICE_TYPE_NAMES[notice.type]} ·{" "}
                      <time dateTime={notice.createdAt}>{formatChinaDateTime(notice.createdAt)}</time>
                    </span>
                    {isOpen ? (
                      <div id={`notice-${notice.id}`} className="notice__content" data-testid="notice-content">
                        {notice.content}
                      </div>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <div className="user-empty" data-testid="message-empty">
            <p>{type ? `还没有${NOTICE_TYPE_NAMES[type]}。` : "还没有消息。"}</p>
          </div>
        )}

        {notices.pages > 1 ? (
          <Pagination
            page={page}
            pages={notices.pages}
            hrefFor={(target) => listHref("/user/message", { type: type ?? undefined, page: target })}
            label="消息分页"
          />
        ) : null}
      </section>
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
