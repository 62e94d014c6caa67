/**
 * Makes the media of every seeded video from the catalogue's own fonts: titles and captions drawn
 * with ffmpeg's drawtext, encoded once at 720p and once at 360p (H.264, a key frame every 2 s),
 * cut into 2-second fragmented-MP4 HLS segments under a master playlist that states each rendition's measured
 * bandwidth, plus the 720p MP4 for players without JavaScript and a poster taken from the title
 * card. Single-threaded x264 and bit-exact muxing make every run write the same bytes.
 *
 *   npm run media            all videos
 *   npm run media -- SLUG    one video
 */
import { execFile } from "node:child_process";
import { accessSync, constants, chmodSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import wawoff2 from "wawoff2";
import { FAMILY_SEEDS } from "../backend/catalogue/families.js";
import { VIDEO_MEDIA_RENDITIONS, videoMediaPaths } from "../backend/content/seed/video-media.js";
import { VIDEO_SEEDS } from "../backend/content/seed/videos.js";
import { PALETTE, VIDEO_SCENES, type Scene, type TextLayer } from "./media-scenes.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(rootDir, "public");

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 25;
const SEGMENT_SECONDS = 2;
const FADE_SECONDS = 0.15;

/** How each rendition is encoded; the names match VIDEO_MEDIA_RENDITIONS. */
const ENCODINGS: Record<string, { crf: number; maxrateK: number; level: string; codecs: string }> = {
  "720p": { crf: 15, maxrateK: 1500, level: "3.1", codecs: "avc1.4d401f" },
  "360p": { crf: 28, maxrateK: 400, level: "3.0", codecs: "avc1.4d401e" },
};

function ffmpegPath(): string {
  const binary = ffmpegInstaller.path;
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    // The package marks its binary executable in an install script, which npm may have skipped.
    chmodSync(binary, 0o755);
  }
  return binary;
}

async function ffmpeg(args: string[]): Promise<void> {
  await run(ffmpegPath(), ["-hide_banner", "-loglevel", "error", "-y", ...args], { maxBuffer: 16 * 1024 * 1024 });
}

/** The TTF of a catalogue font (`slug` or `slug@weight`); WOFF2 files are decoded into `scratch`. */
async function fontFile(ref: string, scratch: string): Promise<string> {
  const [slug, weight] = ref.split("@");
  const family = FAMILY_SEEDS.find((candidate) => candidate.slug === slug);
  if (!family) throw new Error(`字体库中没有 ${slug}`);
  const files = family.files;
  const source = weight
    ? files.find((file) => new RegExp(`[_-]${weight}(?:[A-Za-z]|-normal)`).test(path.basename(file.packageFile)))
    : (files.find((file) => /400|500/.test(path.basename(file.packageFile))) ?? files[0]);
  if (!source) throw new Error(`${slug} 没有 ${weight} 字重`);
  const packagePath = require.resolve(source.packageFile);
  if (source.format === "ttf") return packagePath;
  const decoded = path.join(scratch, `${path.basename(packagePath, ".woff2")}.ttf`);
  await writeFile(decoded, await wawoff2.decompress(await readFile(packagePath)));
  return decoded;
}

/** A filtergraph option value in single quotes (paths and expressions hold `:` and `,`). */
function quoted(value: string): string {
  if (value.includes("'")) throw new Error(`filter value may not contain a quote: ${value}`);
  return `'${value}'`;
}

async function drawText(layer: TextLayer, start: number, end: number, scratch: string, index: number) {
  const textFile = path.join(scratch, `text-${index}.txt`);
  await writeFile(textFile, layer.text);
  const within = `between(t,${start},${end})`;
  const alpha = `if(lt(t,${start + FADE_SECONDS}),(t-${start})/${FADE_SECONDS},if(gt(t,${end - FADE_SECONDS}),(${end}-t)/${FADE_SECONDS},1))`;
  const options = [
    `fontfile=${quoted(await fontFile(layer.font, scratch))}`,
    `textfile=${quoted(textFile)}`,
    `fontsize=${layer.size}`,
    `fontcolor=${layer.color ?? PALETTE.ink}`,
    `x=${quoted(`w*${layer.x ?? 0.5}-text_w/2`)}`,
    // Each line rises a little as it fades in.
    `y=${quoted(`h*${layer.y ?? 0.5}-text_h/2+24*max(0,1-(t-${start})/0.3)`)}`,
    `alpha=${quoted(alpha)}`,
    `enable=${quoted(within)}`,
  ];
  if (layer.border) options.push(`borderw=${layer.border.width}`, `bordercolor=${layer.border.color}`);
  if (layer.shadow) {
    options.push(`shadowx=${layer.shadow.x}`, `shadowy=${layer.shadow.y}`, `shadowcolor=${layer.shadow.color}`);
  }
  return `drawtext=${options.join(":")}`;
}

async function filterGraph(scenes: Scene[], seconds: number, scratch: string): Promise<string> {
  const filters: string[] = [];
  let start = 0;
  let index = 0;
  for (const scene of scenes) {
    const end = start + scene.seconds;
    for (const box of scene.boxes ?? []) {
      filters.push(
        `drawbox=x=${box.x}:y=${box.y}:w=${box.width}:h=${box.height}:color=${box.color}:t=fill:enable=${quoted(`between(t,${start},${end})`)}`,
      );
    }
    for (const layer of scene.texts) filters.push(await drawText(layer, start, end, scratch, index++));
    start = end;
  }
  return [
    `color=c=${PALETTE.stage}:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${seconds}[stage]`,
    `color=c=${PALETTE.accent}:s=${WIDTH}x8:r=${FPS}:d=${seconds}[progress]`,
    // A progress line along the bottom edge, so that every frame differs from the last.
    `[stage][progress]overlay=x=${quoted(`-w+w*(t+${1 / FPS})/${seconds}`)}:y=H-h:eval=frame:shortest=1,${filters.join(",")},split=2[hd][sd0]`,
    `[sd0]scale=640:360:flags=bicubic[sd]`,
  ].join(";\n");
}

function encodingArgs(name: string): string[] {
  const encoding = ENCODINGS[name]!;
  return [
    "-c:v",
    "libx264",
    "-threads",
    "1",
    "-preset",
    "slow",
    "-profile:v",
    "main",
    "-level:v",
    encoding.level,
    "-crf",
    String(encoding.crf),
    "-maxrate",
    `${encoding.maxrateK}k`,
    "-bufsize",
    `${encoding.maxrateK * 2}k`,
    "-g",
    String(FPS * SEGMENT_SECONDS),
    "-keyint_min",
    String(FPS * SEGMENT_SECONDS),
    "-sc_threshold",
    "0",
    "-pix_fmt",
    "yuv420p",
    "-flags:v",
    "+bitexact",
    "-map_metadata",
    "-1",
    "-movflags",
    "+faststart",
  ];
}

type Segment = { seconds: number; bytes: number };

async function segmentsOf(playlist: string): Promise<Segment[]> {
  const lines = (await readFile(playlist, "utf8")).split("\n");
  const segments: Segment[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = /^#EXTINF:([\d.]+),/.exec(lines[i]!);
    if (!match) continue;
    const file = path.join(path.dirname(playlist), lines[i + 1]!.trim());
    segments.push({ seconds: Number(match[1]), bytes: (await stat(file)).size });
  }
  return segments;
}

async function makeVideo(slug: string): Promise<void> {
  const seed = VIDEO_SEEDS.find((video) => video.slug === slug);
  const script = VIDEO_SCENES[slug];
  if (!seed || !script) throw new Error(`没有视频 ${slug} 的种子或分镜`);
  const seconds = script.scenes.reduce((sum, scene) => sum + scene.seconds, 0);
  if (Math.abs(seconds - seed.durationSeconds) > 1e-9) {
    throw new Error(`${slug}：分镜共 ${seconds} 秒，种子写的是 ${seed.durationSeconds} 秒`);
  }
  const media = videoMediaPaths(slug);
  const outDir = path.join(publicDir, media.directory);
  const scratch = await mkdtemp(path.join(os.tmpdir(), "media-"));
  try {
    const graphFile = path.join(scratch, "graph.txt");
    await writeFile(graphFile, await filterGraph(script.scenes, seconds, scratch));
    const mp4Of = (name: string) => path.join(scratch, `${name}.mp4`);
    await ffmpeg([
      "-filter_complex_script",
      graphFile,
      "-map",
      "[hd]",
      ...encodingArgs("720p"),
      mp4Of("720p"),
      "-map",
      "[sd]",
      ...encodingArgs("360p"),
      mp4Of("360p"),
    ]);

    await rm(outDir, { recursive: true, force: true });
    await mkdir(outDir, { recursive: true });
    const variants: string[] = [];
    for (const rendition of VIDEO_MEDIA_RENDITIONS) {
      const dir = path.join(outDir, rendition.name);
      await mkdir(dir);
      const playlist = path.join(dir, "index.m3u8");
      await ffmpeg([
        "-i",
        mp4Of(rendition.name),
        "-c",
        "copy",
        "-fflags",
        "+bitexact",
        "-f",
        "hls",
        "-hls_time",
        String(SEGMENT_SECONDS),
        "-hls_playlist_type",
        "vod",
        "-hls_flags",
        "independent_segments",
        // Fragmented MP4 (an init segment, then fragments) rather than MPEG-TS: the browser's
        // MediaSource takes it without transmuxing, and .mp4 files are served as video/mp4.
        "-hls_segment_type",
        "fmp4",
        "-hls_fmp4_init_filename",
        "init.mp4",
        "-hls_segment_filename",
        path.join(dir, "segment-%d.mp4"),
        playlist,
      ]);
      const segments = await segmentsOf(playlist);
      const peak = Math.max(...segments.map((segment) => (segment.bytes * 8) / segment.seconds));
      const total = segments.reduce((sum, segment) => sum + segment.seconds, 0);
      const average = (segments.reduce((sum, segment) => sum + segment.bytes, 0) * 8) / total;
      variants.push(
        `#EXT-X-STREAM-INF:BANDWIDTH=${Math.ceil(peak)},AVERAGE-BANDWIDTH=${Math.ceil(average)},` +
          `RESOLUTION=${rendition.width}x${rendition.height},FRAME-RATE=${FPS.toFixed(3)},CODECS="${ENCODINGS[rendition.name]!.codecs}"`,
        `${rendition.name}/index.m3u8`,
      );
    }
    await writeFile(
      path.join(publicDir, media.master),
      ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS", ...variants, ""].join("\n"),
    );
    await ffmpeg([
      "-i",
      mp4Of("720p"),
      "-c",
      "copy",
      "-fflags",
      "+bitexact",
      "-movflags",
      "+faststart",
      path.join(publicDir, media.mp4),
    ]);
    // The title card, fully faded in.
    await ffmpeg([
      "-ss",
      "1",
      "-i",
      mp4Of("720p"),
      "-frames:v",
      "1",
      "-q:v",
      "3",
      "-flags:v",
      "+bitexact",
      path.join(publicDir, media.poster),
    ]);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const files = await readdir(outDir, { recursive: true });
  console.log(`${slug}：${seconds} 秒，${files.length} 个文件`);
}

const only = process.argv.slice(2);
for (const video of VIDEO_SEEDS) {
  if (only.length === 0 || only.includes(video.slug)) await makeVideo(video.slug);
}
