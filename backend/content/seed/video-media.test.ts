import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { VIDEO_MEDIA_RENDITIONS, videoMediaPaths } from "./video-media.js";
import { VIDEO_SEEDS } from "./videos.js";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../public");

const read = (assetPath: string) => fs.readFile(path.join(publicDir, assetPath));

describe.each(VIDEO_SEEDS.map((video) => video.slug))("media of video %s", (slug) => {
  const seed = VIDEO_SEEDS.find((video) => video.slug === slug)!;
  const media = videoMediaPaths(slug);

  it("has a master playlist over two renditions, each stating its bandwidth and resolution", async () => {
    const master = (await read(media.master)).toString("utf8");
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.+)\n(.+)/g)].map(([, attributes, uri]) => ({
      bandwidth: Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(attributes!)?.[1]),
      resolution: /RESOLUTION=(\d+x\d+)/.exec(attributes!)?.[1],
      uri,
    }));
    expect(variants.map((variant) => variant.resolution)).toEqual(
      VIDEO_MEDIA_RENDITIONS.map((rendition) => `${rendition.width}x${rendition.height}`),
    );
    // Far enough apart that a slow connection settles on the smaller one.
    expect(variants[0]!.bandwidth).toBeGreaterThan(2 * variants[1]!.bandwidth);
    expect(variants[1]!.bandwidth).toBeGreaterThan(0);
  });

  it.each(VIDEO_MEDIA_RENDITIONS.map((rendition) => rendition.name))(
    "cuts rendition %s into segments of at most 2 s that add up to the video's duration",
    async (name) => {
      const playlist = (await read(`${media.directory}/${name}/index.m3u8`)).toString("utf8");
      expect(playlist).toContain("#EXT-X-TARGETDURATION:2\n");
      expect(playlist).toContain("#EXT-X-ENDLIST");
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),\n(.+)/g)];
      expect(durations.reduce((sum, [, seconds]) => sum + Number(seconds), 0)).toBeCloseTo(seed.durationSeconds, 1);
      const init = /#EXT-X-MAP:URI="(.+)"/.exec(playlist)?.[1];
      for (const file of [init!, ...durations.map(([, , uri]) => uri!)]) {
        const bytes = await read(`${media.directory}/${name}/${file}`);
        // ISO BMFF boxes: the init segment starts with ftyp, each fragment with styp or moof.
        expect(["ftyp", "styp", "moof"]).toContain(bytes.subarray(4, 8).toString("latin1"));
      }
    },
  );

  it("has an MP4 that starts playing before it has fully loaded, and a JPEG poster", async () => {
    const mp4 = await read(media.mp4);
    expect(mp4.subarray(4, 8).toString("latin1")).toBe("ftyp");
    // faststart: the index (moov) comes before the media data (mdat).
    expect(mp4.indexOf("moov")).toBeLessThan(mp4.indexOf("mdat"));
    const poster = await read(media.poster);
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
});
