import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentCard, ContentGrid, contentCardBasics } from "~/components/content/content-card";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { ContentEmpty, ContentListHead } from "~/components/content/content-page";
import { formatChinaDate } from "~/components/content/format";
import { listHref, parseListQuery } from "~/components/content/list-query";
import { TagFilter } from "~/components/content/tag-filter";
import { Pagination } from "~/components/ui/pagination";
import { collectTags, listNews } from "~/services/content.server";
import { throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

const NEWS_PAGE_SIZE = 8;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.tagName ? `${data.tagName} · ` : ""}字体资讯 - 短视频字体` },
  { name: "description", content: "字体授权、排版技巧、新字体上架与字体背后的故事。" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  const query = parseListQuery(new URL(request.url).searchParams);
  const [tags, page] = await Promise.all([
    collectTags((tagQuery) => listNews(caller, tagQuery)),
    listNews(caller, { current: query.page, size: NEWS_PAGE_SIZE, tagId: query.tagId }),
  ]).catch(throwApiError);
  const tagName = tags.find((tag) => tag.id === query.tagId)?.name ?? null;
  return { query, tags, tagName, articles: page.records, total: page.total, pages: page.pages };
}

export default function NewsListPage() {
  const { query, tags, tagName, articles, total, pages } = useLoaderData<typeof loader>();
  return (
    <div className="content-page">
      <ContentListHead title="资讯" lead="字体授权、排版技巧、新字上架，以及每款字体背后的故事。">
        <TagFilter
          tags={tags}
          current={query.tagId}
          hrefFor={(tagId) => listHref("/news", { tagId })}
          label="按栏目筛选资讯"
        />
      </ContentListHead>

      <p className="content-count" data-total={total}>
        {tagName ? `“${tagName}”` : "共"} <strong>{total}</strong> 篇文章
      </p>

      {articles.length > 0 ? (
        <ContentGrid label="资讯列表" variant="wide">
          {articles.map((article) => (
            <li key={article.id}>
              <ContentCard
                {...contentCardBasics("news", article, article.cover)}
                tags={article.tags}
                meta={
                  <>
                    <span>{article.author}</span>
                    <time dateTime={article.publishedAt}>{formatChinaDate(article.publishedAt)}</time>
                  </>
                }
              />
            </li>
          ))}
        </ContentGrid>
      ) : (
        <ContentEmpty
          title={query.page > 1 && pages > 0 ? `第 ${query.page} 页没有文章` : "这个栏目还没有文章"}
          links={[{ to: "/news", label: "查看全部资讯" }]}
        />
      )}

      <Pagination
        page={query.page}
        pages={pages}
        hrefFor={(page) => listHref("/news", { tagId: query.tagId, page })}
        label="资讯列表分页"
      />
    </div>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
