import { Link } from "@remix-run/react";
import type { VideoSummary } from "@contract/content";
import { formatDuration } from "~/components/content/format";
import { useStaticUrl } from "~/utils/root-data";
import { LazyImage } from "~/components/ui/lazy-image";

/** Small poster cards of videos, each opening the video's player page. */
export function VideoList({ label, videos }: { label: string; videos: readonly VideoSummary[] }) {
  const asset = useStaticUrl();
  return (
    <ul className="video-list" aria-label={label}>
      {videos.map((video) => (
        <li key={video.id} className="video-list__item">
          <Link to={`/player?id=${video.id}`} className="video-list__link">
            <span className="video-list__poster">
              <LazyImage src={asset(video.poster)} alt="" width={320} height={180} />
              <span className="video-list__duration">{formatDuration(video.durationSeconds)}</span>
            </span>
            <span className="video-list__title">{video.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
