import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { ArticleFavoriteControl } from "~/components/favorites/article-favorite-control";
import { ShareControl } from "~/components/ui/share-control";
import { Breadcrumb } from "~/components/content/breadcrumb";
import { ContentDetailHead, ContentPager, ContentSection } from "~/components/content/content-detail";
import { articleSocial, contentDetailMeta } from "~/components/content/detail-route";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { RelatedLinks } from "~/components/content/content-page";
import { FontSampleList } from "~/components/content/font-samples";
import { formatChinaDate } from "~/components/content/format";
import { listHref, parseContentId } from "~/components/content/list-query";
import { Prose } from "~/components/content/prose";
import { noneOnApiError } from "~/services/content/related.server";
import { getBaike, listBaikeTitles, loadSampleFaces } from "~/services/content.server";
import { renderMarkdown } from "~/utils/markdown.server";
import { notFound, throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => contentDetailMeta("书法百科", data?.entry);

/** The opening of 兰亭序: a line every calligraphy font is judged by. */
const CALLIGRAPHY_SAMPLE = "永和九年，岁在癸丑";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseContentId(params.id);
  if (!id) throw notFound();
  const caller = { request, context };
  const entry = await getBaike(caller, id).catch(throwApiError);
  const sampleText = `${entry.title} ${CALLIGRAPHY_SAMPLE}`;
  const [faces, groups] = await Promise.all([
    loadSampleFaces(
      caller,
      entry.fonts.map((font) => ({ fontGNo: font.fontGNo, text: sampleText })),
    ),
    noneOnApiError(listBaikeTitles(caller, entry.tag.id)),
  ]);
  const siblings = groups.find((group) => group.tagId === entry.tag.id)?.titles ?? [];
  const at = siblings.findIndex((title) => title.id === entry.id);
  const { bodyMarkdown, ...rest } = entry;
  return {
    entry: rest,
    bodyHtml: renderMarkdown(bodyMarkdown),
    sampleText,
    faces,
    siblings,
    previous: at > 0 ? siblings[at - 1]! : null,
    next: at >= 0 && at < siblings.length - 1 ? siblings[at + 1]! : null,
  };
}

export default function BaikeEntryPage() {
  const { entry, bodyHtml, sampleText, faces, siblings, previous, next } = useLoaderData<typeof loader>();
  const tagHref = listHref("/baike", { tagId: entry.tag.id });
  return (
    <div className="content-page content-detail content-detail--with-aside">
      <FontFaces faces={faces} />
      <article className="content-detail__main" data-baike-id={entry.id}>
        <Breadcrumb
          trail={[
            { to: "/baike", label: "书法百科" },
            { to: tagHref, label: entry.tag.name },
          ]}
          current={entry.title}
        />
        <ContentDetailHead
          title={entry.title}
          actions={
            <>
              <ArticleFavoriteControl kind="baike" id={entry.id} />
              <ShareControl path={`/baike/${entry.id}`} title={entry.title} />
            </>
          }
          summary={entry.summary}
          meta={
            <>
              <Link to={tagHref} className="chip chip--small">
                {entry.tag.name}
              </Link>
              <span>
                更新于 <time dateTime={entry.updatedAt}>{formatChinaDate(entry.updatedAt)}</time>
              </span>
            </>
          }
        />

        <Prose html={bodyHtml} className="content-detail__body" />

        {entry.fonts.length > 0 ? (
          <ContentSection id="baike-fonts-title" heading="相关字体">
            <FontSampleList
              label="相关字体预览"
              faces={faces}
              samples={entry.fonts.map((font) => ({ font, text: sampleText }))}
            />
          </ContentSection>
        ) : null}

        <ContentPager path="/baike" previous={previous} next={next} />
      </article>

      <aside className="content-detail__aside">
        <RelatedLinks
          title={`${entry.tag.name}词条`}
          current={entry.id}
          items={siblings.map((title) => ({ id: title.id, to: `/baike/${title.id}`, label: title.title }))}
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
      ...data.entry,
      schemaType: "Article",
      publishedAt: data.entry.updatedAt,
      trail: [
        { to: "/baike", label: "书法百科" },
        { to: `/baike?tagId=${data.entry.tag.id}`, label: data.entry.tag.name },
      ],
      path: `/baike/${data.entry.id}`,
    },
  ),
);
