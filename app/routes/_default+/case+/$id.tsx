import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { Breadcrumb } from "~/components/content/breadcrumb";
import { caseSampleText } from "~/components/content/case-samples";
import { ContentCard, ContentGrid, COVER_SIZES } from "~/components/content/content-card";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { FontSampleList } from "~/components/content/font-samples";
import { formatChinaDate } from "~/components/content/format";
import { parseContentId } from "~/components/content/list-query";
import { Prose } from "~/components/content/prose";
import { rankRelated } from "~/components/content/related";
import { isApiError } from "~/services/api-client.server";
import { getCase, listCases, loadSampleFaces } from "~/services/content.server";
import contentStylesHref from "~/styles/content.css";
import fontStylesHref from "~/styles/font.css";
import { renderMarkdown } from "~/utils/markdown.server";
import { notFound, throwApiError } from "~/utils/responses.server";
import { useStaticUrl } from "~/utils/root-data";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: fontStylesHref },
  { rel: "stylesheet", href: contentStylesHref },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "页面不存在 - 短视频字体" }];
  return [{ title: `${data.item.title} - 字体案例 - 短视频字体` }, { name: "description", content: data.item.summary }];
};

const RELATED_COUNT = 3;
/** The newest items the related ones are picked from. */
const RELATED_SCAN_SIZE = 30;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseContentId(params.id);
  if (!id) throw notFound();
  const caller = { request, context };
  const item = await getCase(caller, id).catch(throwApiError);
  const { bodyMarkdown, fontUsages, ...summary } = item;
  const usages = fontUsages.map((usage) => ({ ...usage, text: caseSampleText(usage) }));
  const [faces, related] = await Promise.all([
    loadSampleFaces(
      caller,
      usages.map((usage) => ({ fontGNo: usage.font.fontGNo, text: `${usage.text}${usage.font.fontName}` })),
    ),
    listCases(caller, { size: RELATED_SCAN_SIZE }).then(
      (page) => rankRelated(item, page.records, RELATED_COUNT),
      (error: unknown) => {
        if (!isApiError(error)) throw error;
        return [];
      },
    ),
  ]);
  return { item: summary, usages, bodyHtml: renderMarkdown(bodyMarkdown), faces, related };
}

export default function CaseDetailPage() {
  const { item, usages, bodyHtml, faces, related } = useLoaderData<typeof loader>();
  const asset = useStaticUrl();
  return (
    <article className="content-page content-detail" data-case-id={item.id}>
      <FontFaces faces={faces} />
      <Breadcrumb trail={[{ to: "/case", label: "案例" }]} current={item.title} />

      <header className="content-detail__head content-detail__head--cover">
        <img
          src={asset(item.cover)}
          alt=""
          width={COVER_SIZES.case.width}
          height={COVER_SIZES.case.height}
          className="content-detail__cover content-detail__cover--square"
        />
        <div className="content-detail__intro">
          <h1 className="content-detail__title">{item.title}</h1>
          <p className="content-detail__summary">{item.summary}</p>
          <p className="content-detail__meta">
            {item.example ? <span className="content-badge">示例方案</span> : null}
            <span>{usages.length} 处用字</span>
            <time dateTime={item.createdAt}>{formatChinaDate(item.createdAt)}</time>
          </p>
          {item.tags.length > 0 ? (
            <ul className="content-detail__tags" aria-label="标签">
              {item.tags.map((tag) => (
                <li key={tag.id}>
                  <Link to={`/case?tag=${tag.id}`} className="chip chip--small">
                    #{tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>

      <section className="content-section" aria-labelledby="case-fonts-title">
        <h2 id="case-fonts-title" className="content-section__title">
          用了哪些字体
        </h2>
        <FontSampleList
          label="案例用字"
          faces={faces}
          theme="dark"
          samples={usages.map((usage) => ({
            font: usage.font,
            text: usage.text,
            role: usage.role,
            note: usage.rationale,
          }))}
        />
      </section>

      <Prose html={bodyHtml} className="content-detail__body" />

      {related.length > 0 ? (
        <section className="content-section" aria-labelledby="case-related-title">
          <h2 id="case-related-title" className="content-section__title">
            相关案例
          </h2>
          <ContentGrid label="相关案例">
            {related.map((other) => (
              <li key={other.id}>
                <ContentCard
                  id={other.id}
                  href={`/case/${other.id}`}
                  title={other.title}
                  summary={other.summary}
                  image={{ src: other.cover, ...COVER_SIZES.case }}
                />
              </li>
            ))}
          </ContentGrid>
        </section>
      ) : null}
    </article>
  );
}

export { ContentErrorBoundary as ErrorBoundary };
