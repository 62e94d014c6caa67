import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { ArticleFavoriteControl } from "~/components/favorites/article-favorite-control";
import { ShareControl } from "~/components/ui/share-control";
import { Breadcrumb } from "~/components/content/breadcrumb";
import { caseSampleText } from "~/components/content/case-samples";
import { COVER_SIZES, contentCardBasics } from "~/components/content/content-card";
import { ContentDetailHead, ContentSection, RelatedList } from "~/components/content/content-detail";
import { articleSocial, contentDetailMeta } from "~/components/content/detail-route";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { FontSampleList } from "~/components/content/font-samples";
import { formatChinaDate } from "~/components/content/format";
import { parseContentId } from "~/components/content/list-query";
import { Prose } from "~/components/content/prose";
import { loadRelated } from "~/services/content/related.server";
import { getCase, listCases, loadSampleFaces } from "~/services/content.server";
import { renderMarkdown } from "~/utils/markdown.server";
import { notFound, throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => contentDetailMeta("字体案例", data?.item);

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
    loadRelated(item, (query) => listCases(caller, query)),
  ]);
  return { item: summary, usages, bodyHtml: renderMarkdown(bodyMarkdown), faces, related };
}

export default function CaseDetailPage() {
  const { item, usages, bodyHtml, faces, related } = useLoaderData<typeof loader>();
  return (
    <article className="content-page content-detail" data-case-id={item.id}>
      <FontFaces faces={faces} />
      <Breadcrumb trail={[{ to: "/case", label: "案例" }]} current={item.title} />

      <ContentDetailHead
        title={item.title}
        actions={
          <>
            <ArticleFavoriteControl kind="case" id={item.id} />
            <ShareControl path={`/case/${item.id}`} title={item.title} />
          </>
        }
        summary={item.summary}
        cover={{ src: item.cover, ...COVER_SIZES.case, square: true }}
        meta={
          <>
            {item.example ? <span className="content-badge">示例方案</span> : null}
            <span>{usages.length} 处用字</span>
            <time dateTime={item.createdAt}>{formatChinaDate(item.createdAt)}</time>
          </>
        }
        tags={{ items: item.tags, listPath: "/case", layout: "list" }}
      />

      <ContentSection id="case-fonts-title" heading="用了哪些字体">
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
      </ContentSection>

      <Prose html={bodyHtml} className="content-detail__body" />

      <RelatedList
        id="case-related-title"
        title="相关案例"
        items={related.map((other) => contentCardBasics("case", other, other.cover))}
      />
    </article>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta, ({ matches, data }) =>
  articleSocial(
    matches,
    data && {
      ...data.item,
      schemaType: "Article",
      publishedAt: data.item.createdAt,
      trail: [{ to: "/case", label: "案例" }],
      path: `/case/${data.item.id}`,
    },
  ),
);
