/**
 * Subset benchmark (not a test): `npm run bench:subset`.
 *
 * Times warm subsets of a 20- and a 500-character text with the in-process HarfBuzz wasm subsetter
 * (face loaded and preprocessed once, as the service keeps it), on a TrueType source (Noto Sans SC
 * Regular from @expo-google-fonts) and a CFF source (Noto Sans CJK SC from Debian's fonts-noto-cjk,
 * found with fc-list), beside the native `hb-subset` command on the same inputs in the same run.
 * Then the same for a variable font: one unicode-range slice of Noto Sans SC's variable build
 * (@fontsource-variable/noto-sans-sc, decoded from WOFF2), subset for the characters it holds with
 * its axes kept, as POST /subset/web-variable-font does for each slice.
 * Prints medians, p95s and the ratios ours / native. Nothing here asserts a time.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import * as hb from "harfbuzzjs";
import wawoff2 from "wawoff2";
import { Subsetter, type SubsetFontFile, type SubsetFormat } from "../../backend/subset/subsetter.js";
import { packageSlices } from "../../backend/variable/package-slices.js";

const WARMUP_RUNS = 3;
const OUR_RUNS = 40;
const NATIVE_RUNS = 15;
/**
 * hb-subset -n: subsets per process, to separate per-subset cost from process start and font load;
 * enough that the extra subsets take about NATIVE_EXTRA_MS, far above process-start noise.
 */
const NATIVE_EXTRA_MS = 400;
const NATIVE_ITERATIONS = { min: 101, max: 4001 };
const NATIVE = "hb-subset";

type Source = { label: string; font: SubsetFontFile };
type Stats = { min: number; median: number; p95: number };

const TEXT_20 = distinct("短视频字体让每一帧文字都更有表现力，快来试试吧！", 20);
const TEXT_500 = distinct(gb2312Level1(), 500);

async function main(): Promise<void> {
  const sources = [trueTypeSource(), cffSource()].filter((source): source is Source => source !== null);
  const nativeAvailable = hasNativeSubsetter();
  if (!nativeAvailable) {
    console.log(`未找到 ${NATIVE}：跳过原生对比。安装：apt-get install libharfbuzz-bin`);
  }
  const workDir = mkdtempSync(path.join(tmpdir(), "subset-bench-"));
  const subsetter = await Subsetter.create({ memoryBudgetBytes: 512 * 1024 * 1024 });
  try {
    for (const source of sources) {
      const loadMs = await timeOnce(() => subsetter.subset(source.font, "字", "ttf"));
      const face = subsetter.faceInfo(source.font);
      console.log(
        `\n== ${source.label} (${mib(statSync(source.font.filePath).size)} MiB; face load ${loadMs.toFixed(0)} ms, ` +
          `preprocessed: ${face?.preprocessed ? "yes" : "no"}, estimated ${mib(face?.costBytes ?? 0)} MiB)`,
      );
      for (const [name, text] of [
        ["20 chars", TEXT_20],
        ["500 chars", TEXT_500],
      ] as const) {
        await benchText(subsetter, source, name, text, nativeAvailable, workDir);
      }
    }
    await benchVariable(subsetter, nativeAvailable, workDir);
  } finally {
    await subsetter.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The slice of Noto Sans SC's variable build holding most of TEXT_500, and those characters. */
async function benchVariable(subsetter: Subsetter, nativeAvailable: boolean, workDir: string): Promise<void> {
  const slices = packageSlices("@fontsource-variable/noto-sans-sc");
  const held = (slice: (typeof slices)[number]) =>
    [...TEXT_500].filter((character) => {
      const codepoint = character.codePointAt(0)!;
      return slice.ranges.some(([first, last]) => codepoint >= first && codepoint <= last);
    });
  const slice = slices.reduce((best, candidate) => (held(candidate).length > held(best).length ? candidate : best));
  const woff2 = readFileSync(createRequire(import.meta.url).resolve(slice.packageFile));
  const filePath = path.join(workDir, `${path.basename(slice.packageFile, ".woff2")}.ttf`);
  writeFileSync(filePath, await wawoff2.decompress(woff2));
  const source: Source = {
    label: `Variable: Noto Sans SC slice ${slice.key}`,
    font: { filePath, version: "bench" },
  };
  const text = held(slice).join("");
  const loadMs = await timeOnce(() => subsetter.subset(source.font, "字", "ttf"));
  const sample = await subsetter.subset(source.font, text, "ttf");
  const axes = Object.keys(new hb.Face(new hb.Blob(sample)).getAxisInfos());
  console.log(
    `\n== ${source.label} (${(statSync(filePath).size / 1024).toFixed(0)} KiB decoded from WOFF2; face load ` +
      `${loadMs.toFixed(0)} ms; subset keeps axes: ${axes.join(", ") || "none"})`,
  );
  await benchText(subsetter, source, `${[...text].length} chars of the slice`, text, nativeAvailable, workDir);
}

async function benchText(
  subsetter: Subsetter,
  source: Source,
  name: string,
  text: string,
  nativeAvailable: boolean,
  workDir: string,
): Promise<void> {
  const ours = (format: SubsetFormat) => sample(OUR_RUNS, () => subsetter.subset(source.font, text, format));
  const ttf = await subsetter.subset(source.font, text, "ttf");
  const oursTtf = await ours("ttf");
  const oursWoff = await ours("woff");
  console.log(`-- ${name}`);
  console.log(
    `  ours   subset (HarfBuzz wasm)   median ${ms(oursTtf.median)}  p95 ${ms(oursTtf.p95)}  → ${ttf.byteLength} B`,
  );
  console.log(`  ours   subset + WOFF (zlib)     median ${ms(oursWoff.median)}  p95 ${ms(oursWoff.p95)}`);
  if (!nativeAvailable) return;

  const textFile = path.join(workDir, "text.txt");
  const outFile = path.join(workDir, "out.font");
  writeFileSync(textFile, text);
  const nativeArgs = (iterations: number, preprocess: boolean) => [
    `--face-index=${source.font.faceIndex ?? 0}`,
    "--no-hinting",
    `--text-file=${textFile}`,
    `--output-file=${outFile}`,
    `--num-iterations=${iterations}`,
    ...(preprocess ? ["--preprocess-face"] : []),
    source.font.filePath,
  ];
  const oneShot = sampleSync(NATIVE_RUNS, () => runNative(nativeArgs(1, false)));
  const nativeBytes = statSync(outFile).size;
  // Per-subset cost inside one process: (time of N subsets − time of 1) / (N − 1), the face
  // preprocessed once when ours is too, so both sides do the same work per subset.
  const preprocess = subsetter.faceInfo(source.font)?.preprocessed ?? false;
  const iterations = Math.round(
    Math.min(NATIVE_ITERATIONS.max, Math.max(NATIVE_ITERATIONS.min, NATIVE_EXTRA_MS / oursTtf.median)),
  );
  const single = sampleSync(3, () => runNative(nativeArgs(1, preprocess)));
  const many = sampleSync(3, () => runNative(nativeArgs(iterations, preprocess)));
  const perSubset = (many.min - single.min) / (iterations - 1);
  console.log(
    `  native hb-subset, one process  median ${ms(oneShot.median)}  p95 ${ms(oneShot.p95)}  → ${nativeBytes} B` +
      "  (start, load, subset, write)",
  );
  console.log(`  native per subset, warm        ~${ms(perSubset)}  (hb-subset -n ${iterations} vs -n 1, fastest of 3)`);
  console.log(
    `  ratio ours/native: ${(oursTtf.median / oneShot.median).toFixed(3)} vs one process, ` +
      `${perSubset > 0 ? (oursTtf.median / perSubset).toFixed(2) : "n/a"} vs warm native subset`,
  );
}

function trueTypeSource(): Source {
  const filePath = createRequire(import.meta.url).resolve(
    "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  );
  return { label: "TrueType: Noto Sans SC Regular", font: { filePath, version: "bench" } };
}

/** A CJK font with CFF outlines on this machine, preferring Simplified Chinese Noto Sans CJK. */
function cffSource(): Source | null {
  const listed = spawnSync(
    "fc-list",
    [":lang=zh", "-f", "%{file}|%{index}|%{fontformat}|%{family[0]}|%{style[0]}\\n"],
    {
      encoding: "utf8",
    },
  );
  const candidates = (listed.stdout ?? "")
    .split("\n")
    .map((line) => line.split("|"))
    .filter(([file, , format]) => file && format === "CFF" && !file.endsWith(".woff") && !file.endsWith(".woff2"))
    .sort((a, b) => preference(b) - preference(a));
  const [best] = candidates;
  if (!best) {
    console.log(
      "未找到 CFF 轮廓的中文字体：跳过 CFF 基准。安装：apt-get install fonts-noto-cjk（NotoSansCJK-Regular.ttc）",
    );
    return null;
  }
  const [filePath, index, , family] = best as [string, string, string, string, string];
  return {
    label: `CFF: ${family} (${path.basename(filePath)} #${index})`,
    font: { filePath, version: "bench", faceIndex: Number(index) },
  };
}

function preference([, , , family = "", style = ""]: string[]): number {
  return (family.includes("Sans CJK SC") ? 2 : 0) + (style === "Regular" ? 1 : 0);
}

function hasNativeSubsetter(): boolean {
  return spawnSync(NATIVE, ["--version"]).status === 0;
}

function runNative(args: string[]): void {
  const result = spawnSync(NATIVE, args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${NATIVE} ${args.join(" ")} 失败：${result.stderr}`);
}

async function sample(runs: number, task: () => Promise<unknown>): Promise<Stats> {
  for (let run = 0; run < WARMUP_RUNS; run++) await task();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await timeOnce(task));
  return stats(times);
}

function sampleSync(runs: number, task: () => void): Stats {
  task();
  const times = Array.from({ length: runs }, () => {
    const start = performance.now();
    task();
    return performance.now() - start;
  });
  return stats(times);
}

async function timeOnce(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)]!;
  return { min: sorted[0]!, median: at(0.5), p95: at(0.95) };
}

/** `count` distinct characters of `text`, in order. */
function distinct(text: string, count: number): string {
  const characters = [...new Set(text)];
  if (characters.length < count) throw new Error(`文本只有 ${characters.length} 个不同字符，少于 ${count}`);
  return characters.slice(0, count).join("");
}

/** The 3755 common characters of GB2312 level 1 (rows 16–55), the usual preview vocabulary. */
function gb2312Level1(): string {
  const bytes: number[] = [];
  for (let row = 0xb0; row <= 0xd7; row++) for (let cell = 0xa1; cell <= 0xfe; cell++) bytes.push(row, cell);
  return new TextDecoder("gb18030").decode(Uint8Array.from(bytes)).replace(/[\s\uFFFD]/g, "");
}

function ms(value: number): string {
  return `${value.toFixed(2).padStart(7)} ms`;
}

function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

await main();
