import type { VideoStream } from "@contract/content";

/** The HLS playlist and the MP4 among a video's streams (either may be missing), with the frame size. */
export function pickStreams(streams: readonly VideoStream[], fallbackSize: { width: number; height: number }) {
  const hls = streams.find((stream) => stream.type === "hls") ?? null;
  const mp4 = streams.find((stream) => stream.type === "mp4") ?? null;
  const sized = [hls, mp4].find((stream) => stream?.width && stream.height);
  return {
    hlsUrl: hls?.url ?? null,
    mp4Url: mp4?.url ?? null,
    width: sized?.width ?? fallbackSize.width,
    height: sized?.height ?? fallbackSize.height,
  };
}
