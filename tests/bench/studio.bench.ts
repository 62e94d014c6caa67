/**
 * Title studio benchmark (not a test): `npm run bench:studio`.
 *
 * The studio's preview image as the subset service makes it (GET /webfont/outlines/image with the
 * scene /studio/preview asks for: a 10-character title in the 描边 preset on a 9:16 frame at half size,
 * 抖音's covered areas drawn over it), on a warm face (Noto Sans SC and ZCOOL KuaiLe loaded by a first
 * preview), each request a title never drawn before so that nothing comes from the image cache; timed
 * on the client over loopback HTTP. Goal: median under 150 ms. Beside it, in the same run, two
 * references: the same preview answered again (image cache hit: the HTTP and routing floor) and resvg
 * alone rasterizing the same SVG document (the part of the work that is pure rasterizing), and the
 * ratios. Nothing here asserts a time.
 */
import { renderAsync } from "@resvg/resvg-js";
import { serveTestFontService } from "../../backend/subset/testing/test-font-service.js";
import { studioDesignSchema } from "../../contract/studio.js";
import { studioScene } from "../../app/utils/studio/studio-design.js";

const RUNS = 30;
const WARMUP_RUNS = 3;
const VOCABULARY =
  "短视频字体让每一帧文字都更有表现力快来试试吧今天分享三个剪辑技巧周末去哪玩旅行日记开学第一天美食探店";

type Stats = { median: number; p95: number; min: number };

async function main(): Promise<void> {
  const served = await serveTestFontService({ memoryBudgetBytes: 256 * 1024 * 1024 });
  const base = served.server.origin;
  const nextTitle = freshTitles();
  try {
    for (const [gno, label] of [
      ["10002", "Noto Sans SC (TrueType, 10 MB)"],
      ["10001", "ZCOOL KuaiLe (TrueType, 1.4 MB)"],
    ] as const) {
      const url = (title: string) => `${base}/webfont/outlines/image?${sceneQuery(gno, title)}`;
      for (let run = 0; run < WARMUP_RUNS; run++) await fetchImage(url(nextTitle()));
      const fresh = await sample(() => fetchImage(url(nextTitle())));
      const repeated = url(nextTitle());
      await fetchImage(repeated);
      const cached = await sample(() => fetchImage(repeated));
      const svg = await (await fetch(`${repeated}&format=svg`)).text();
      const rasterOnly = await sample(() =>
        renderAsync(svg, { fitTo: { mode: "width", value: 540 }, font: { loadSystemFonts: false } }).then((image) =>
          image.asPng(),
        ),
      );
      console.log(`\n${label}: preview of a new 10-character title, warm face, 540×960 PNG`);
      console.log(
        `  preview (fresh title)     ${format(fresh)}   goal: median < 150 ms → ${fresh.median < 150 ? "met" : "NOT met"}`,
      );
      console.log(`  reference: same preview again (cache hit)   ${format(cached)}`);
      console.log(`  reference: resvg alone on the same SVG      ${format(rasterOnly)}`);
      console.log(
        `  ratios: fresh / cache hit ${(fresh.median / cached.median).toFixed(1)}×, fresh / resvg alone ${(fresh.median / rasterOnly.median).toFixed(2)}×`,
      );
    }
  } finally {
    await served.close();
  }
}

function sceneQuery(gno: string, title: string): string {
  const design = studioDesignSchema.parse({ title, preset: "stroke", safe: "douyin" });
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(studioScene(design, gno, "preview"))) {
    for (const item of [value ?? []].flat()) params.append(name, item);
  }
  return params.toString();
}

async function fetchImage(url: string): Promise<void> {
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  if (!response.ok || body.byteLength === 0) throw new Error(`${response.status} ${new TextDecoder().decode(body)}`);
}

/** A different 10-character title each call, from the vocabulary's characters. */
function freshTitles(): () => string {
  const characters = [...new Set(VOCABULARY)];
  let seed = 1;
  return () => {
    const picked: string[] = [];
    while (picked.length < 10) {
      seed = (seed * 48271) % 2147483647;
      picked.push(characters[seed % characters.length]!);
    }
    return picked.join("");
  };
}

async function sample(task: () => Promise<unknown>): Promise<Stats> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    min: times[0]!,
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!,
  };
}

function format({ median, p95, min }: Stats): string {
  return `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, min ${min.toFixed(1)} ms`;
}

await main();
