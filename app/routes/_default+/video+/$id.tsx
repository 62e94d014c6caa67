import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { ArticleFavoriteControl } from "~/components/favorites/article-favorite-control";
import { ShareControl } from "~/components/ui/share-control";
import { Breadcrumb } from "~/components/content/breadcrumb";
import { contentCardBasics } from "~/components/content/content-card";
import { ContentDetailHead, ContentSection, RelatedList } from "~/components/content/content-detail";
import { videoSocial, contentDetailMeta } from "~/components/content/detail-route";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { FontSampleList } from "~/components/content/font-samples";
import { parseContentId } from "~/components/content/list-query";
import { Prose } from "~/components/content/prose";
import { formatDuration } from "~/components/content/format";
import { videoPlayerLinks } from "~/components/video/video-player";
import { VideoFacts, VideoStage } from "~/components/video/video-stage";
import { loadRelated } from "~/services/content/related.server";
import { getVideo, listVideos, loadSampleFaces } from "~/services/content.server";
import { DEFAULT_PREVIEW_TEXT } from "~/services/catalogue/preview-text";
import { renderMarkdown } from "~/utils/markdown.server";
import { notFound, throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

export const links: LinksFunction = () => videoPlayerLinks();

const pageMeta: MetaFunction<typeof loader> = ({ data }) => contentDetailMeta("视频", data?.video);

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
    loadRelated(video, (query) => listVideos(caller, query)),
  ]);
  const { bodyMarkdown, ...rest } = video;
  return { video: rest, bodyHtml: renderMarkdown(bodyMarkdown), faces, related };
}

export default function VideoDetailPage() {
  const { video, bodyHtml, faces, related } = useLoaderData<typeof loader>();
  return (
    <article className="content-page content-detail" data-video-id={video.id}>
      <FontFaces faces={faces} />
      <Breadcrumb trail={[{ to: "/video", label: "视频" }]} current={video.title} />

      <div className="video-stage">
        <VideoStage video={video} />
      </div>
      {video.streams.length > 0 ? (
        <p className="video-stage__more">
          <Link to={`/player?id=${video.id}`}>在播放页观看</Link>
        </p>
      ) : null}

      <ContentDetailHead
        title={video.title}
        actions={
          <>
            <ArticleFavoriteControl kind="video" id={video.id} />
            <ShareControl path={`/video/${video.id}`} title={video.title} />
          </>
        }
        summary={video.summary}
        metaFirst
        meta={
          <>
            <VideoFacts video={video} />
          </>
        }
        tags={{ items: video.tags, listPath: "/video", layout: "inline" }}
      />

      <Prose html={bodyHtml} className="content-detail__body" />

      {video.fonts.length > 0 ? (
        <ContentSection id="video-fonts-title" heading="视频里的字体">
          <FontSampleList
            label="视频字体预览"
            faces={faces}
            samples={video.fonts.map((font) => ({ font, text: DEFAULT_PREVIEW_TEXT }))}
          />
        </ContentSection>
      ) : null}

      <RelatedList
        id="video-related-title"
        title="更多视频"
        variant="wide"
        items={related.map((other) => ({
          ...contentCardBasics("video", other, other.poster),
          badge: formatDuration(other.durationSeconds),
        }))}
      />
    </article>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta, ({ matches, data }) => videoSocial(matches, data?.video));
