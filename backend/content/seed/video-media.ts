/**
 * Where the media of a seeded video live under public/ (written by `npm run media`): an HLS master
 * playlist over the renditions below, the 720p MP4 for players without JavaScript, and a poster.
 */
export const VIDEO_MEDIA_RENDITIONS = [
  { name: "720p", width: 1280, height: 720 },
  { name: "360p", width: 640, height: 360 },
] as const;

export type VideoMediaPaths = { directory: string; master: string; mp4: string; poster: string };

export function videoMediaPaths(slug: string): VideoMediaPaths {
  const directory = `/media/videos/${slug}`;
  return {
    directory,
    master: `${directory}/master.m3u8`,
    mp4: `${directory}/video.mp4`,
    poster: `${directory}/poster.jpg`,
  };
}
