import { FONT_GNO_PATTERN } from "@contract/catalogue";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentCard, ContentGrid, contentCardBasics } from "~/components/content/content-card";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { ContentEmpty, ContentListHead } from "~/components/content/content-page";
import { formatChinaDate } from "~/components/content/format";
import { listHref, parseListQuery } from "~/components/content/list-query";
import { TagFilter } from "~/components/content/tag-filter";
import { Pagination } from "~/components/ui/pagination";
import { listCaseTags, listCases } from "~/services/content.server";
import { throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

const CASE_PAGE_SIZE = 6;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.tagName ? `${data.tagName} · ` : ""}字体案例 - 短视频字体` },
  { name: "description", content: "一条短视频的封面、标题、字幕和花字分别用什么字体？看看完整的搭配方案。" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  const searchParams = new URL(request.url).searchParams;
  const query = parseListQuery(searchParams);
  const font = searchParams.get("font") ?? "";
  const fontGNo = FONT_GNO_PATTERN.test(font) ? font : undefined;
  const [tags, page] = await Promise.all([
    listCaseTags(caller),
    listCases(caller, { current: query.page, size: CASE_PAGE_SIZE, tagId: query.tagId, fontGNo }),
  ]).catch(throwApiError);
  const tagName = tags.find((tag) => tag.id === query.tagId)?.name ?? null;
  return { query, fontGNo: fontGNo ?? null, tags, tagName, cases: page.records, total: page.total, pages: page.pages };
}

export default function CaseListPage() {
  const { query, fontGNo, tags, tagName, cases, total, pages } = useLoaderData<typeof loader>();
  const extra: Record<string, string> = fontGNo ? { font: fontGNo } : {};
  return (
    <div className="content-page">
      <ContentListHead
        title="字体案例"
        lead="一条短视频里，封面、标题、字幕和花字各用什么字体、为什么这样搭——每个方案都能直接预览。"
      >
        <TagFilter
          tags={tags}
          current={query.tagId}
          hrefFor={(tagId) => listHref("/case", { tagId }, extra)}
          label="按题材筛选案例"
        />
      </ContentListHead>

      <p className="content-count" data-total={total}>
        {tagName ? `“${tagName}”` : "共"} <strong>{total}</strong> 个案例
        {fontGNo ? (
          <>
            {" "}
            · 使用了这款字体的案例 <Link to={listHref("/case", { tagId: query.tagId })}>查看全部</Link>
          </>
        ) : null}
      </p>

      {cases.length > 0 ? (
        <ContentGrid label="案例列表">
          {cases.map((item) => (
            <li key={item.id}>
              <ContentCard
                {...contentCardBasics("case", item, item.cover)}
                badge={item.example ? "示例方案" : undefined}
                tags={item.tags}
                meta={
                  <>
                    <span>{item.fontGNos.length} 款字体</span>
                    <time dateTime={item.createdAt}>{formatChinaDate(item.createdAt)}</time>
                  </>
                }
              />
            </li>
          ))}
        </ContentGrid>
      ) : (
        <ContentEmpty
          title={query.page > 1 && pages > 0 ? `第 ${query.page} 页没有案例` : "没有符合条件的案例"}
          links={[{ to: "/case", label: "查看全部案例" }]}
        />
      )}

      <Pagination
        page={query.page}
        pages={pages}
        hrefFor={(page) => listHref("/case", { tagId: query.tagId, page }, extra)}
        label="案例列表分页"
      />
    </div>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
