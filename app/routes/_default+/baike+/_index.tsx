import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { ContentEmpty, ContentListHead } from "~/components/content/content-page";
import { listHref, parseListQuery } from "~/components/content/list-query";
import { TagFilter } from "~/components/content/tag-filter";
import { Pagination } from "~/components/ui/pagination";
import { listBaike, listBaikeTitles } from "~/services/content.server";
import { throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

const BAIKE_PAGE_SIZE = 12;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.tagName ? `${data.tagName} · ` : ""}书法百科 - 短视频字体` },
  { name: "description", content: "书体、书家、技法与术语：从大篆到狂草，读懂字体背后的书法传统。" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  const query = parseListQuery(new URL(request.url).searchParams);
  const [groups, page] = await Promise.all([
    listBaikeTitles(caller),
    listBaike(caller, { current: query.page, size: BAIKE_PAGE_SIZE, tagId: query.tagId }),
  ]).catch(throwApiError);
  const tagName = groups.find((group) => group.tagId === query.tagId)?.tagName ?? null;
  return { query, groups, tagName, entries: page.records, total: page.total, pages: page.pages };
}

export default function BaikeIndexPage() {
  const { query, groups, tagName, entries, total, pages } = useLoaderData<typeof loader>();
  const shownGroups = query.tagId ? groups.filter((group) => group.tagId === query.tagId) : groups;
  return (
    <div className="content-page">
      <ContentListHead title="书法百科" lead="书体、书家、技法与术语：读懂每一款书法字体背后的来历。">
        <TagFilter
          tags={groups.map((group) => ({ id: group.tagId, name: group.tagName, count: group.titles.length }))}
          current={query.tagId}
          hrefFor={(tagId) => listHref("/baike", { tagId })}
          label="按分类筛选词条"
        />
      </ContentListHead>

      <div className="baike-layout">
        <nav className="baike-toc" aria-label="百科目录">
          {shownGroups.map((group) => (
            <section key={group.tagId} className="baike-toc__group" aria-labelledby={`baike-group-${group.tagId}`}>
              <h2 id={`baike-group-${group.tagId}`} className="baike-toc__title">
                <Link to={listHref("/baike", { tagId: group.tagId })}>{group.tagName}</Link>
                <small className="muted">{group.titles.length}</small>
              </h2>
              <ul className="baike-toc__list">
                {group.titles.map((title) => (
                  <li key={title.id}>
                    <Link to={`/baike/${title.id}`}>{title.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>

        <div className="baike-entries">
          <p className="content-count" data-total={total}>
            {tagName ? `“${tagName}”` : "共"} <strong>{total}</strong> 个词条
          </p>
          {entries.length > 0 ? (
            <ol className="baike-entries__list" aria-label="词条列表">
              {entries.map((entry) => (
                <li key={entry.id} className="baike-entry" data-content-id={entry.id}>
                  <h3 className="baike-entry__title">
                    <Link to={`/baike/${entry.id}`}>{entry.title}</Link>
                    <span className="baike-entry__tag">{entry.tag.name}</span>
                  </h3>
                  <p className="baike-entry__summary">{entry.summary}</p>
                </li>
              ))}
            </ol>
          ) : (
            <ContentEmpty
              title={query.page > 1 && pages > 0 ? `第 ${query.page} 页没有词条` : "这个分类下还没有词条"}
              links={[{ to: "/baike", label: "查看全部词条" }]}
            />
          )}
          <Pagination
            page={query.page}
            pages={pages}
            hrefFor={(page) => listHref("/baike", { tagId: query.tagId, page })}
            label="词条列表分页"
          />
        </div>
      </div>
    </div>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
