import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { Breadcrumb } from "~/components/content/breadcrumb";
import { COVER_SIZES } from "~/components/content/content-card";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { RelatedLinks } from "~/components/content/content-page";
import { FontSampleList } from "~/components/content/font-samples";
import { formatChinaDate } from "~/components/content/format";
import { parseContentId } from "~/components/content/list-query";
import { Prose } from "~/components/content/prose";
import { isApiError } from "~/services/api-client.server";
import { getNews, listNews, loadSampleFaces } from "~/services/content.server";
import contentStylesHref from "~/styles/content.css";
import fontStylesHref from "~/styles/font.css";
import { DEFAULT_PREVIEW_TEXT } from "~/utils/catalogue/font-query";
import { renderMarkdown } from "~/utils/markdown.server";
import { notFound, throwApiError } from "~/utils/responses.server";
import { useStaticUrl } from "~/utils/root-data";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: fontStylesHref },
  { rel: "stylesheet", href: contentStylesHref },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "页面不存在 - 短视频字体" }];
  return [
    { title: `${data.article.title} - 资讯 - 短视频字体` },
    { name: "description", content: data.article.summary },
  ];
};

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
    listNews(caller, { size: LATEST_COUNT + 1 }).then(
      (page) => page.records.filter((other) => other.id !== article.id).slice(0, LATEST_COUNT),
      (error: unknown) => {
        if (!isApiError(error)) throw error;
        return [];
      },
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
        <header className="content-detail__head">
          <h1 className="content-detail__title">{article.title}</h1>
          <p className="content-detail__meta">
            <span>{article.author}</span>
            <time dateTime={article.publishedAt}>{formatChinaDate(article.publishedAt)}</time>
            {article.tags.map((tag) => (
              <Link key={tag.id} to={`/news?tag=${tag.id}`} className="chip chip--small">
                #{tag.name}
              </Link>
            ))}
          </p>
          <p className="content-detail__summary">{article.summary}</p>
        </header>
        <img
          src={asset(article.cover)}
          alt=""
          width={COVER_SIZES.news.width}
          height={COVER_SIZES.news.height}
          className="content-detail__hero"
        />

        <Prose html={bodyHtml} className="content-detail__body" />

        {article.fonts.length > 0 ? (
          <section className="content-section" aria-labelledby="news-fonts-title">
            <h2 id="news-fonts-title" className="content-section__title">
              文中提到的字体
            </h2>
            <FontSampleList
              label="文中字体预览"
              faces={faces}
              samples={article.fonts.map((font) => ({ font, text: DEFAULT_PREVIEW_TEXT }))}
            />
          </section>
        ) : null}

        <nav className="content-pager" aria-label="上一篇和下一篇">
          {article.previous ? (
            <Link to={`/news/${article.previous.id}`} rel="prev" className="content-pager__link">
              <small>上一篇</small>
              {article.previous.title}
            </Link>
          ) : (
            <span />
          )}
          {article.next ? (
            <Link to={`/news/${article.next.id}`} rel="next" className="content-pager__link content-pager__link--next">
              <small>下一篇</small>
              {article.next.title}
            </Link>
          ) : null}
        </nav>
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
