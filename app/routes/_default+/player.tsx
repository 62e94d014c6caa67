import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteError } from "@remix-run/react";
import { Breadcrumb } from "~/components/content/breadcrumb";
import { contentCardBasics } from "~/components/content/content-card";
import { ContentSection, RelatedList } from "~/components/content/content-detail";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { positiveInt } from "~/components/content/list-query";
import { loadRelated } from "~/services/content/related.server";
import { describeError } from "~/components/ui/error-page";
import { formatDuration } from "~/components/content/format";
import { videoPlayerLinks } from "~/components/video/video-player";
import { VideoFacts, VideoStage } from "~/components/video/video-stage";
import { getVideo, listVideos } from "~/services/content.server";
import { fontHref } from "~/services/catalogue/fonts";
import { notFound, throwApiError } from "~/utils/responses.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

export const links: LinksFunction = () => videoPlayerLinks();

const pageMeta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "没有找到这个视频 - 短视频字体" }];
  return [{ title: `${data.video.title} - 播放 - 短视频字体` }, { name: "description", content: data.video.summary }];
};

const MISSING_ID = "播放地址缺少有效的视频编号";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = positiveInt(new URL(request.url).searchParams.get("id"));
  if (!id) throw notFound(MISSING_ID);
  const caller = { request, context };
  const video = await getVideo(caller, id).catch(throwApiError);
  const related = await loadRelated(video, (query) => listVideos(caller, query));
  const { bodyMarkdown: _body, ...rest } = video;
  return { video: rest, related };
}

export default function PlayerPage() {
  const { video, related } = useLoaderData<typeof loader>();
  return (
    <article className="content-page player-page" data-video-id={video.id}>
      <Breadcrumb
        trail={[
          { to: "/video", label: "视频" },
          { to: `/video/${video.id}`, label: video.title },
        ]}
        current="播放"
      />

      <div className="player-page__stage">
        <VideoStage video={video} />
      </div>

      <header className="player-page__head">
        <h1 className="content-detail__title">{video.title}</h1>
        <p className="content-detail__meta">
          <VideoFacts video={video} />
          <Link to={`/video/${video.id}`}>视频介绍</Link>
        </p>
        <p className="content-detail__summary">{video.summary}</p>
      </header>

      {video.fonts.length > 0 ? (
        <ContentSection id="player-fonts-title" heading="视频里的字体">
          <ul className="player-page__fonts">
            {video.fonts.map((font) => (
              <li key={font.fontGNo}>
                <Link to={fontHref(font.fontGNo)} className="chip">
                  {font.fontName}
                </Link>
              </li>
            ))}
          </ul>
        </ContentSection>
      ) : null}

      <RelatedList
        id="player-related-title"
        title="接着看"
        variant="wide"
        items={related.map((other) => ({
          ...contentCardBasics("video", other, other.poster),
          href: `/player?id=${other.id}`,
          badge: formatDuration(other.durationSeconds),
        }))}
      />
    </article>
  );
}

/** A missing, malformed or unknown video id: say so, and lead back to the videos. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { status, message } = describeError(error);
  if (status !== 404) return <ContentErrorBoundary />;
  return (
    <section className="error-page" aria-labelledby="player-error-title">
      <p className="error-page__status">404</p>
      <h1 id="player-error-title" className="error-page__title">
        没有找到这个视频
      </h1>
      <p className="error-page__text">{message === MISSING_ID ? MISSING_ID : "视频不存在，可能已下线或地址有误"}。</p>
      <div className="error-page__actions">
        <Link to="/video" className="btn btn--accent">
          看看全部视频
        </Link>
        <Link to="/" className="btn btn--ghost">
          返回首页
        </Link>
      </div>
    </section>
  );
}

export const meta = withSocialMeta(pageMeta);
