import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { ArticleFavoriteControl } from "~/components/favorites/article-favorite-control";
import { Breadcrumb } from "~/components/content/breadcrumb";
import { COVER_SIZES, contentCardBasics } from "~/components/content/content-card";
import { ContentDetailHead, ContentSection, RelatedList } from "~/components/content/content-detail";
import { articleSocial, contentDetailMeta } from "~/components/content/detail-route";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { FontSampleList } from "~/components/content/font-samples";
import { formatChinaDate } from "~/components/content/format";
import { parseContentId } from "~/components/content/list-query";
import { Prose } from "~/components/content/prose";
import { loadRelated } from "~/services/content/related.server";
import { SampleTextForm, parseSampleText } from "~/components/content/sample-text-form";
import { getAlbum, listAlbums, loadSampleFaces } from "~/services/content.server";
import { DEFAULT_PREVIEW_TEXT } from "~/services/catalogue/preview-text";
import { renderMarkdown } from "~/utils/markdown.server";
import { notFound, throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => contentDetailMeta("字体专辑", data?.album);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseContentId(params.id);
  if (!id) throw notFound();
  const caller = { request, context };
  const text = parseSampleText(new URL(request.url).searchParams);
  const album = await getAlbum(caller, id).catch(throwApiError);

  const [faces, related] = await Promise.all([
    loadSampleFaces(
      caller,
      album.fonts.map((font) => ({ fontGNo: font.fontGNo, text: `${text || DEFAULT_PREVIEW_TEXT}${font.fontName}` })),
    ),
    loadRelated(album, (query) => listAlbums(caller, query)),
  ]);

  const { bodyMarkdown, ...rest } = album;
  return { album: rest, bodyHtml: renderMarkdown(bodyMarkdown), text, faces, related };
}

export default function AlbumDetailPage() {
  const { album, bodyHtml, text, faces, related } = useLoaderData<typeof loader>();
  const sampleText = text || DEFAULT_PREVIEW_TEXT;
  return (
    <article className="content-page content-detail" data-album-id={album.id}>
      <FontFaces faces={faces} />
      <Breadcrumb trail={[{ to: "/album", label: "专辑" }]} current={album.title} />

      <ContentDetailHead
        title={album.title}
        summary={album.summary}
        cover={{ src: album.cover, ...COVER_SIZES.album }}
        meta={
          <>
            <span>{album.fontCount} 款字体</span>
            <time dateTime={album.createdAt}>{formatChinaDate(album.createdAt)}</time>
          </>
        }
        tags={{ items: album.tags, listPath: "/album", layout: "list" }}
        actions={
          <p className="content-detail__actions">
            <a
              href={`/resources/album-zip/${album.id}`}
              className="btn btn--ghost"
              download
              aria-describedby="album-zip-note"
            >
              打包下载
            </a>
            <span id="album-zip-note" className="muted">
              {album.fonts.length} 款字体文件及各自的授权文本，一个 ZIP
            </span>
          </p>
        }
      />
      <ArticleFavoriteControl kind="album" id={album.id} className="content-detail__favorite" />

      <Prose html={bodyHtml} className="content-detail__body" />

      <ContentSection
        id="album-fonts-title"
        heading={
          <>
            专辑里的字体 <small className="muted">{album.fonts.length} 款</small>
          </>
        }
      >
        <SampleTextForm text={text} placeholder={DEFAULT_PREVIEW_TEXT} />
        <FontSampleList
          label="专辑字体预览"
          faces={faces}
          samples={album.fonts.map((font) => ({ font, text: sampleText, note: font.note }))}
        />
      </ContentSection>

      <RelatedList
        id="album-related-title"
        title="相关专辑"
        items={related.map((other) => ({
          ...contentCardBasics("album", other, other.cover),
          badge: `${other.fontCount} 款字体`,
        }))}
      />
    </article>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta, ({ matches, data }) =>
  articleSocial(
    matches,
    data && {
      ...data.album,
      publishedAt: data.album.createdAt,
      trail: [{ to: "/album", label: "专辑" }],
      path: `/album/${data.album.id}`,
    },
  ),
);
