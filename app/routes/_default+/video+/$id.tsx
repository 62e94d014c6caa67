import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { Breadcrumb } from "~/components/content/breadcrumb";
import { ContentCard, ContentGrid, COVER_SIZES } from "~/components/content/content-card";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { FontSampleList } from "~/components/content/font-samples";
import { describeDuration, formatChinaDate, formatDuration } from "~/components/content/format";
import { parseContentId } from "~/components/content/list-query";
import { Prose } from "~/components/content/prose";
import { rankRelated } from "~/components/content/related";
import { isApiError } from "~/services/api-client.server";
import { getVideo, listVideos, loadSampleFaces } from "~/services/content.server";
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
  return [{ title: `${data.video.title} - 视频 - 短视频字体` }, { name: "description", content: data.video.summary }];
};

const RELATED_COUNT = 3;
/** The newest videos the related ones are picked from. */
const RELATED_SCAN_SIZE = 30;

const STREAM_TYPES = { mp4: "video/mp4", hls: "application/vnd.apple.mpegurl" } as const;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseContentId(params.id);
  if (!id) throw notFound();
  const caller = { request, context };
  const video = await getVideo(caller, id).catch(throwApiError);
  const [faces, related] = await Promise.all([
    loadSampleFaces(
      caller,
      video.fonts.map((font) => ({ fontGNo: font.fontGNo, text: `${DEFAULT_PREVIEW_TEXT}${font.fontName}` })),
    ),
    listVideos(caller, { size: RELATED_SCAN_SIZE }).then(
      (page) => rankRelated(video, page.records, RELATED_COUNT),
      (error: unknown) => {
        if (!isApiError(error)) throw error;
        return [];
      },
    ),
  ]);
  const { bodyMarkdown, ...rest } = video;
  return { video: rest, bodyHtml: renderMarkdown(bodyMarkdown), faces, related };
}

export default function VideoDetailPage() {
  const { video, bodyHtml, faces, related } = useLoaderData<typeof loader>();
  const asset = useStaticUrl();
  return (
    <article className="content-page content-detail" data-video-id={video.id}>
      <FontFaces faces={faces} />
      <Breadcrumb trail={[{ to: "/video", label: "视频" }]} current={video.title} />

      <div className="video-stage">
        {video.streams.length > 0 ? (
          // Font demonstrations show type in motion; they have no speech to caption.
          // eslint-disable-next-line jsx-a11y-x/media-has-caption
          <video
            className="video-stage__player"
            controls
            preload="none"
            playsInline
            poster={asset(video.poster)}
            width={COVER_SIZES.video.width}
            height={COVER_SIZES.video.height}
          >
            {video.streams.map((stream) => (
              <source key={stream.url} src={stream.url} type={STREAM_TYPES[stream.type]} />
            ))}
          </video>
        ) : (
          <figure className="video-stage__poster">
            <img
              src={asset(video.poster)}
              alt={`视频封面：${video.title}`}
              width={COVER_SIZES.video.width}
              height={COVER_SIZES.video.height}
            />
            <figcaption className="video-stage__soon" role="status">
              视频即将上线
            </figcaption>
          </figure>
        )}
      </div>

      <header className="content-detail__head">
        <h1 className="content-detail__title">{video.title}</h1>
        <p className="content-detail__meta">
          <span aria-label={`时长 ${describeDuration(video.durationSeconds)}`}>
            时长 {formatDuration(video.durationSeconds)}
          </span>
          <time dateTime={video.publishedAt}>{formatChinaDate(video.publishedAt)}</time>
          {video.tags.map((tag) => (
            <Link key={tag.id} to={`/video?tag=${tag.id}`} className="chip chip--small">
              #{tag.name}
            </Link>
          ))}
        </p>
        <p className="content-detail__summary">{video.summary}</p>
      </header>

      <Prose html={bodyHtml} className="content-detail__body" />

      {video.fonts.length > 0 ? (
        <section className="content-section" aria-labelledby="video-fonts-title">
          <h2 id="video-fonts-title" className="content-section__title">
            视频里的字体
          </h2>
          <FontSampleList
            label="视频字体预览"
            faces={faces}
            samples={video.fonts.map((font) => ({ font, text: DEFAULT_PREVIEW_TEXT }))}
          />
        </section>
      ) : null}

      {related.length > 0 ? (
        <section className="content-section" aria-labelledby="video-related-title">
          <h2 id="video-related-title" className="content-section__title">
            更多视频
          </h2>
          <ContentGrid label="更多视频" variant="wide">
            {related.map((other) => (
              <li key={other.id}>
                <ContentCard
                  id={other.id}
                  href={`/video/${other.id}`}
                  title={other.title}
                  summary={other.summary}
                  image={{ src: other.poster, ...COVER_SIZES.video }}
                  badge={formatDuration(other.durationSeconds)}
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
