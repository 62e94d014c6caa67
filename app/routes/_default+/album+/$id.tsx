import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { Breadcrumb } from "~/components/content/breadcrumb";
import { ContentCard, ContentGrid, COVER_SIZES } from "~/components/content/content-card";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { FontSampleList } from "~/components/content/font-samples";
import { formatChinaDate } from "~/components/content/format";
import { parseContentId } from "~/components/content/list-query";
import { Prose } from "~/components/content/prose";
import { rankRelated } from "~/components/content/related";
import { SampleTextForm, parseSampleText } from "~/components/content/sample-text-form";
import { isApiError } from "~/services/api-client.server";
import { getAlbum, listAlbums, loadSampleFaces } from "~/services/content.server";
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
    { title: `${data.album.title} - 字体专辑 - 短视频字体` },
    { name: "description", content: data.album.summary },
  ];
};

const RELATED_COUNT = 3;
/** The newest items the related ones are picked from. */
const RELATED_SCAN_SIZE = 30;

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
    listAlbums(caller, { size: RELATED_SCAN_SIZE }).then(
      (page) => rankRelated(album, page.records, RELATED_COUNT),
      (error: unknown) => {
        if (!isApiError(error)) throw error;
        return [];
      },
    ),
  ]);

  const { bodyMarkdown, ...rest } = album;
  return { album: rest, bodyHtml: renderMarkdown(bodyMarkdown), text, faces, related };
}

export default function AlbumDetailPage() {
  const { album, bodyHtml, text, faces, related } = useLoaderData<typeof loader>();
  const asset = useStaticUrl();
  const sampleText = text || DEFAULT_PREVIEW_TEXT;
  return (
    <article className="content-page content-detail" data-album-id={album.id}>
      <FontFaces faces={faces} />
      <Breadcrumb trail={[{ to: "/album", label: "专辑" }]} current={album.title} />

      <header className="content-detail__head content-detail__head--cover">
        <img
          src={asset(album.cover)}
          alt=""
          width={COVER_SIZES.album.width}
          height={COVER_SIZES.album.height}
          className="content-detail__cover"
        />
        <div className="content-detail__intro">
          <h1 className="content-detail__title">{album.title}</h1>
          <p className="content-detail__summary">{album.summary}</p>
          <p className="content-detail__meta">
            <span>{album.fontCount} 款字体</span>
            <time dateTime={album.createdAt}>{formatChinaDate(album.createdAt)}</time>
          </p>
          {album.tags.length > 0 ? (
            <ul className="content-detail__tags" aria-label="标签">
              {album.tags.map((tag) => (
                <li key={tag.id}>
                  <Link to={`/album?tag=${tag.id}`} className="chip chip--small">
                    #{tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="content-detail__actions">
            <button type="button" className="btn btn--ghost" disabled aria-describedby="album-zip-note">
              打包下载
            </button>
            <span id="album-zip-note" className="muted">
              即将上线
            </span>
          </p>
        </div>
      </header>

      <Prose html={bodyHtml} className="content-detail__body" />

      <section className="content-section" aria-labelledby="album-fonts-title">
        <h2 id="album-fonts-title" className="content-section__title">
          专辑里的字体 <small className="muted">{album.fonts.length} 款</small>
        </h2>
        <SampleTextForm text={text} placeholder={DEFAULT_PREVIEW_TEXT} />
        <FontSampleList
          label="专辑字体预览"
          faces={faces}
          samples={album.fonts.map((font) => ({ font, text: sampleText, note: font.note }))}
        />
      </section>

      {related.length > 0 ? (
        <section className="content-section" aria-labelledby="album-related-title">
          <h2 id="album-related-title" className="content-section__title">
            相关专辑
          </h2>
          <ContentGrid label="相关专辑">
            {related.map((other) => (
              <li key={other.id}>
                <ContentCard
                  id={other.id}
                  href={`/album/${other.id}`}
                  title={other.title}
                  summary={other.summary}
                  image={{ src: other.cover, ...COVER_SIZES.album }}
                  badge={`${other.fontCount} 款字体`}
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
