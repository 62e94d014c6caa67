import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { ArticleFavoriteControl } from "~/components/favorites/article-favorite-control";
import { ShareControl } from "~/components/ui/share-control";
import { Breadcrumb } from "~/components/content/breadcrumb";
import { COVER_SIZES } from "~/components/content/content-card";
import { ContentDetailHead, ContentPager, ContentSection } from "~/components/content/content-detail";
import { articleSocial, contentDetailMeta } from "~/components/content/detail-route";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { RelatedLinks } from "~/components/content/content-page";
import { FontSampleList } from "~/components/content/font-samples";
import { formatChinaDate } from "~/components/content/format";
import { parseContentId } from "~/components/content/list-query";
import { Prose } from "~/components/content/prose";
import { noneOnApiError } from "~/services/content/related.server";
import { getNews, listNews, loadSampleFaces } from "~/services/content.server";
import { DEFAULT_PREVIEW_TEXT } from "~/services/catalogue/preview-text";
import { renderMarkdown } from "~/utils/markdown.server";
import { notFound, throwApiError } from "~/utils/responses.server";
import { useStaticUrl } from "~/utils/root-data";
import { LazyImage } from "~/components/ui/lazy-image";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => contentDetailMeta("资讯", data?.article);

const LATEST_COUNT = 5;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseContentId(params.id);
  if (!id) throw notFound();
  const caller = { request, context };
  const article = await getNews(caller, id).catch(throwApiError);
  const [faces, latest] = await Promise.all([
    loadSampleFaces(
      caller,
      article.fonts.map((font) => ({ fontGNo: font.fontGNo, text: `${DEFAULT_PREVIEW_TEXT}${font.fontName}` })),
    ),
    noneOnApiError(
      listNews(caller, { size: LATEST_COUNT + 1 }).then((page) =>
        page.records.filter((other) => other.id !== article.id).slice(0, LATEST_COUNT),
      ),
    ),
  ]);
  const { bodyMarkdown, ...rest } = article;
  return { article: rest, bodyHtml: renderMarkdown(bodyMarkdown), faces, latest };
}

export default function NewsArticlePage() {
  const { article, bodyHtml, faces, latest } = useLoaderData<typeof loader>();
  const asset = useStaticUrl();
  return (
    <div className="content-page content-detail content-detail--with-aside">
      <FontFaces faces={faces} />
      <article className="content-detail__main" data-news-id={article.id}>
        <Breadcrumb trail={[{ to: "/news", label: "资讯" }]} current={article.title} />
        <ContentDetailHead
          title={article.title}
          actions={
            <>
              <ArticleFavoriteControl kind="news" id={article.id} />
              <ShareControl path={`/news/${article.id}`} title={article.title} />
            </>
          }
          summary={article.summary}
          metaFirst
          meta={
            <>
              <span>{article.author}</span>
              <time dateTime={article.publishedAt}>{formatChinaDate(article.publishedAt)}</time>
            </>
          }
          tags={{ items: article.tags, listPath: "/news", layout: "inline" }}
        />
        <LazyImage
          src={asset(article.cover)}
          alt=""
          width={COVER_SIZES.news.width}
          height={COVER_SIZES.news.height}
          className="content-detail__hero"
          priority
        />

        <Prose html={bodyHtml} className="content-detail__body" />

        {article.fonts.length > 0 ? (
          <ContentSection id="news-fonts-title" heading="文中提到的字体">
            <FontSampleList
              label="文中字体预览"
              faces={faces}
              samples={article.fonts.map((font) => ({ font, text: DEFAULT_PREVIEW_TEXT }))}
            />
          </ContentSection>
        ) : null}

        <ContentPager path="/news" previous={article.previous} next={article.next} />
      </article>

      <aside className="content-detail__aside">
        <RelatedLinks
          title="最新资讯"
          items={latest.map((other) => ({ id: other.id, to: `/news/${other.id}`, label: other.title }))}
        />
      </aside>
    </div>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta, ({ matches, data }) =>
  articleSocial(
    matches,
    data && {
      ...data.article,
      schemaType: "NewsArticle",
      trail: [{ to: "/news", label: "资讯" }],
      path: `/news/${data.article.id}`,
    },
  ),
);
