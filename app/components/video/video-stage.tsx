import type { VideoStream } from "@contract/content";
import { COVER_SIZES } from "~/components/content/content-card";
import { describeDuration, formatChinaDate, formatDuration } from "~/components/content/format";
import { LazyImage } from "~/components/ui/lazy-image";
import { useStaticUrl } from "~/utils/root-data";
import { pickStreams } from "~/services/video/streams";
import { VideoPlayer } from "./video-player";

type StagedVideo = { title: string; poster: string; streams: readonly VideoStream[] };

/** The player, or the poster with 视频即将上线 while a video has no streams yet. */
export function VideoStage({ video }: { video: StagedVideo }) {
  const asset = useStaticUrl();
  if (video.streams.length > 0) {
    return (
      <VideoPlayer
        title={video.title}
        poster={asset(video.poster)}
        {...pickStreams(video.streams, COVER_SIZES.video)}
      />
    );
  }
  return (
    <figure className="video-stage__poster">
      <LazyImage
        src={asset(video.poster)}
        alt={`视频封面：${video.title}`}
        width={COVER_SIZES.video.width}
        height={COVER_SIZES.video.height}
        priority
      />
      <figcaption className="video-stage__soon" role="status">
        视频即将上线
      </figcaption>
    </figure>
  );
}

/** 时长 and the publishing date, as a video's meta line shows them. */
export function VideoFacts({ video }: { video: { durationSeconds: number; publishedAt: string } }) {
  return (
    <>
      <span aria-label={`时长 ${describeDuration(video.durationSeconds)}`}>
        时长 {formatDuration(video.durationSeconds)}
      </span>
      <time dateTime={video.publishedAt}>{formatChinaDate(video.publishedAt)}</time>
    </>
  );
}
