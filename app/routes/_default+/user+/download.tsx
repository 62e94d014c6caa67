import { KEYWORD_MAX } from "@contract/catalogue";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DownloadRecordItem } from "~/components/user/download-record-item";
import { Pagination } from "~/components/ui/pagination";
import { listHref, pageParam } from "~/components/user/user-lists";
import { listDownloads } from "~/services/downloads.server";
import { requireAuthGuard } from "~/utils/auth.server";
import { throwApiError } from "~/utils/responses.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [{ title: "下载记录 - 短视频字体" }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 20;

/** The user's downloads, newest first; `?keyword=` keeps fonts whose name contains it, `?page=` pages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAuthGuard(request);
  const searchParams = new URL(request.url).searchParams;
  const keyword = (searchParams.get("keyword") ?? "").trim().slice(0, KEYWORD_MAX);
  const page = pageParam(searchParams);
  const history = await listDownloads(
    { request, context },
    { current: page, size: PAGE_SIZE, keyword: keyword || undefined },
  ).catch(throwApiError);
  return { keyword, page, history };
}

export default function DownloadHistoryPage() {
  const { keyword, page, history } = useLoaderData<typeof loader>();
  return (
    <div className="user-page">
      <header className="page-head">
        <h1 className="page-head__title">下载记录</h1>
        <p className="page-head__lead muted">登录后下载的字体都记录在这里，可以随时再次下载。</p>
      </header>

      <section className="card user-card" aria-labelledby="downloads-title">
        <h2 id="downloads-title" className="visually-hidden">
          下载列表
        </h2>
        <Form method="get" className="user-filter" role="search" aria-label="按字体名称筛选下载记录">
          <label htmlFor="download-keyword" className="visually-hidden">
            字体名称
          </label>
          <input
            id="download-keyword"
            className="input"
            type="search"
            name="keyword"
            defaultValue={keyword}
            maxLength={KEYWORD_MAX}
            placeholder="按字体名称筛选"
          />
          <button type="submit" className="btn btn--primary btn--sm">
            筛选
          </button>
          {keyword ? (
            <Link to="/user/download" className="btn btn--ghost btn--sm">
              清除
            </Link>
          ) : null}
        </Form>

        <p className="user-list-count muted" data-testid="download-total">
          {keyword ? `“${keyword}” 共` : "共"} {history.total} 条记录
        </p>

        {history.records.length > 0 ? (
          <ul className="user-list download-history" aria-label="下载记录">
            {history.records.map((record) => (
              <DownloadRecordItem key={record.id} record={record} showFile />
            ))}
          </ul>
        ) : (
          <div className="user-empty" data-testid="download-empty">
            <p>
              {keyword ? `没有名称包含“${keyword}”的下载记录。` : page > 1 ? "这一页没有记录。" : "还没有下载过字体。"}
            </p>
            <Link to={keyword || page > 1 ? "/user/download" : "/font"} className="btn btn--primary btn--sm">
              {keyword || page > 1 ? "查看全部记录" : "去字体库看看"}
            </Link>
          </div>
        )}

        {history.pages > 1 ? (
          <Pagination
            page={page}
            pages={history.pages}
            hrefFor={(target) => listHref("/user/download", { keyword, page: target })}
            label="下载记录分页"
          />
        ) : null}
      </section>
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
