/**
 * Subset benchmark (not a test): `npm run bench:subset`.
 *
 * Times warm subsets of a 20- and a 500-character text with the in-process HarfBuzz wasm subsetter
 * (face loaded and preprocessed once, as the service keeps a face in demand), on a TrueType source (Noto Sans SC
 * Regular from @expo-google-fonts) and a CFF source (Noto Sans CJK SC from Debian's fonts-noto-cjk,
 * found with fc-list), beside the native `hb-subset` command on the same inputs in the same run.
 * Then the same for a variable font: one unicode-range slice of Noto Sans SC's variable build
 * (@fontsource-variable/noto-sans-sc, decoded from WOFF2), subset for the characters it holds with
 * its axes kept, as POST /subset/web-variable-font does for each slice.
 * Then the service end to end (`npm run bench:subset -- service` runs only this part): the subset
 * service's router with a temp data directory and the catalogue's font source, timed on the server
 * (arrival of the request to the end of its answer) for POST /webfont/http of a text already subset
 * (cache hit, goal p50 <= 2 ms) and of 20 characters never subset before, with the face already loaded
 * and with a service that has not loaded it yet (the process having loaded the file before, and not),
 * each with the GET of its WOFF right after (a new subset may be answered before it is made, its file
 * once it is: the preview is ready when the file has come), against the native `hb-subset` process
 * plus WOFF compression of its output (goal <= 0.5x).
 * Prints medians, p95s and the ratios ours / native. Nothing here asserts a time.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import express from "express";
import * as hb from "harfbuzzjs";
import wawoff2 from "wawoff2";
import { catalogueFontSource } from "../../backend/catalogue/font-source.js";
import { readServerConfig } from "../../backend/config.js";
import type { FontRepository } from "../../backend/catalogue/font-repository.js";
import { dataLocation, FontStorage, npmLocation } from "../../backend/storage/font-storage.js";
import { createSubsetService } from "../../backend/subset/index.js";
import type { NodeRequestAnswer } from "../../backend/subset/preview-answers.js";
import { Subsetter, type SubsetFontFile, type SubsetFormat } from "../../backend/subset/subsetter.js";
import { encodeWoff } from "../../backend/subset/woff.js";
import { packageSlices } from "../../backend/variable/package-slices.js";
import { gb2312Level1, gb2312Level2, percentile } from "./bench-texts.js";
import { benchNewWords } from "./new-words.js";

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
  if (process.argv.includes("service")) {
    await benchService();
    return;
  }
  if (process.argv.includes("page")) {
    await benchNewWords();
    return;
  }
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
      const preprocessMs = await timeOnce(() => subsetter.preprocess(source.font));
      const face = subsetter.faceInfo(source.font);
      console.log(
        `\n== ${source.label} (${mib(statSync(source.font.filePath).size)} MiB; face load and first subset ` +
          `${loadMs.toFixed(0)} ms, preprocess ${preprocessMs.toFixed(0)} ms, ` +
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
  await benchService();
  await benchNewWords();
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
  const loadMs = await timeOnce(async () => {
    await subsetter.subset(source.font, "字", "ttf");
    await subsetter.preprocess(source.font);
  });
  const sample = await subsetter.subset(source.font, text, "ttf");
  const axes = Object.keys(new hb.Face(new hb.Blob(sample)).getAxisInfos());
  console.log(
    `\n== ${source.label} (${(statSync(filePath).size / 1024).toFixed(0)} KiB decoded from WOFF2; face load ` +
      `${loadMs.toFixed(0)} ms with preprocessing; subset keeps axes: ${axes.join(", ") || "none"})`,
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

/** `npm run bench:subset -- service --port=N` listens on N instead. */
const SERVICE_PORT = Number(process.argv.find((arg) => arg.startsWith("--port="))?.slice("--port=".length) ?? 3460);
/** The subset service as the server starts it by default (SUBSET_MEMORY_MB, SUBSET_THREADS). */
const SERVER_DEFAULTS = readServerConfig({ NODE_ENV: "test" });
const DEFAULT_SUBSET_MEMORY_MB = SERVER_DEFAULTS.subsetMemoryMb;
const HIT_RUNS = 300;
/** Fresh previews of a warm face: with the cold ones, within the 187 fresh texts of GB 2312 level 1. */
const FRESH_WARM_RUNS = 40;
/**
 * Fresh previews a new service makes before the warm ones are measured, as a server that has been
 * running has (its subset thread's code optimized by V8), printed apart: of GB 2312 level 2.
 */
const FRESH_WARM_UPS = 30;
/** Samples of each kind of cold face. */
const FRESH_COLD_RUNS = 12;
/** Pause before each cold sample. */
const COLD_SPACING_MS = 500;
const NATIVE_PROCESS_BATCHES = 7;
const NATIVE_PROCESSES_PER_BATCH = 10;
const GOAL_HIT_P50_MS = 2;
const GOAL_FRESH_RATIO = 0.5;
const BENCH_REQUEST_HEADER = "x-bench-request";

type ServiceFont = { gno: string; label: string; packageFile: string };

const SERVICE_FONTS: ServiceFont[] = [
  {
    gno: "10002",
    label: "Noto Sans SC Regular",
    packageFile: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  },
  {
    gno: "10001",
    label: "ZCOOL KuaiLe",
    packageFile: "@expo-google-fonts/zcool-kuaile/400Regular/ZCOOLKuaiLe_400Regular.ttf",
  },
];

/**
 * The subset service as server.ts mounts it (catalogue font source over the font storage, subset cache
 * in a temp data directory, default face memory), each request timed on the server: from its
 * arrival to the end of its answer.
 */
async function benchService(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "subset-service-bench-"));
  const fontSource = catalogueFontSource(benchCatalogue(), new FontStorage(dataDir));
  const freshTexts = freshTextsOf(gb2312Level1());
  // Texts whose time is not measured against the native tool's: warm-ups, a face's first load, batches.
  const otherFreshTexts = freshTextsOf(gb2312Level2());
  const level1 = new Set(gb2312Level1());
  // Texts that only load a face (and evict another), never a text the bench times for that font.
  const evictingTexts = freshTextsOf(
    Array.from({ length: 0x9fa5 - 0x4e00 + 1 }, (_, index) => String.fromCodePoint(0x4e00 + index))
      .filter((character) => !level1.has(character))
      .join(""),
  );
  const timer = serverTimer();
  let router: express.Router | undefined;
  let answerFirst: NodeRequestAnswer | undefined;
  const app = express();
  app.use((req, res, next) => (router ? router(req, res, next) : next()));
  const server = await listen((req, res) => {
    timer.observe(req, res);
    if (!answerFirst?.(req, res)) app(req, res);
  }, SERVICE_PORT);
  const post = (items: Array<{ gno: string; text: string }>) =>
    timer.request(`http://127.0.0.1:${SERVICE_PORT}/webfont/http`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(items),
    });
  const openService = async (
    memoryBudgetBytes = DEFAULT_SUBSET_MEMORY_MB * 1024 * 1024,
    fontsToPrepare?: () => Promise<string[]>,
  ) => {
    const service = await createSubsetService({
      threads: SERVER_DEFAULTS.subsetThreads,
      cacheDir: path.join(dataDir, "subset-cache"),
      memoryBudgetBytes,
      rateLimitPerMinute: Number.MAX_SAFE_INTEGER,
      fileRateLimitPerMinute: Number.MAX_SAFE_INTEGER,
      fontSource,
      fontsToPrepare,
    });
    // As server.ts: the previews' common requests answered ahead of the router, with the server's
    // headers (none here).
    router = service.router;
    answerFirst = service.previewAnswers({ headers: {}, clientIp: (req) => req.socket.remoteAddress ?? "" });
    return service;
  };
  const nativeAvailable = hasNativeSubsetter();
  console.log(
    `\n== 子集服务 POST /webfont/http，服务端耗时（请求到达 → 应答发出），临时 DATA_DIR，SUBSET_MEMORY_MB=${DEFAULT_SUBSET_MEMORY_MB}，SUBSET_THREADS=${SERVER_DEFAULTS.subsetThreads}`,
  );
  try {
    for (const font of SERVICE_FONTS) {
      const filePath = createRequire(import.meta.url).resolve(font.packageFile);
      console.log(`-- ${font.label} (${mib(statSync(filePath).size)} MiB)`);

      // Native processes started back to back run before and after ours, so that a busier or quieter stretch
      // of the machine weighs on both; those after an idle pause run between our idle samples (`coldSample`).
      const nativeFirst = nativeAvailable ? await nativePreview(filePath, dataDir) : null;

      // Cold face: the face is not loaded, in a service that has been running (its router, parsers and
      // limiters in use), as a visitor's first preview of a font comes in a running server. The service
      // has a face budget of one byte, so loading a face evicts the last one: before each sample the
      // other bench font is subset, evicting this one, then a pause lets the work left for after that
      // answer finish. During the pause the service is idle, or busy answering cache hits as a server
      // with visitors is (the same code, and the processor's caches, warm). The font file was loaded
      // before by this process (the load reads the tables and the outlines its plan names), or never (a
      // fresh copy of the font each time: its content digest is computed and it is read whole).
      // Each also fetches its WOFF at once, as a browser does: the preview shows once that has come.
      const evicting = SERVICE_FONTS.find((other) => other !== font)!;
      const pause = async (busy: boolean) => {
        const until = performance.now() + COLD_SPACING_MS;
        if (!busy) await new Promise((resolve) => setTimeout(resolve, COLD_SPACING_MS));
        while (performance.now() < until) await post([{ gno: evicting.gno, text: TEXT_20 }]);
      };
      // Each idle sample is followed by a native process after the same pause, so that both are taken
      // in the same stretch of a shared machine's load, and compared median to median.
      const nativeIdle: number[] = [];
      const coldSample = async (gno: string, busy: boolean) => {
        await post([{ gno: evicting.gno, text: evictingTexts() }]);
        await pause(busy);
        const { ms, body } = await post([{ gno, text: freshTexts() }]);
        const file = await timer.request(`http://127.0.0.1:${SERVICE_PORT}${woffPathOf(body)}`);
        if (!busy && nativeAvailable) nativeIdle.push(nativeProcessAfterPause(filePath, dataDir));
        return { ms: ms + file.ms, answerMs: ms };
      };
      const cold = {
        idle: [] as number[],
        idleAnswer: [] as number[],
        busy: [] as number[],
        firstLoad: [] as number[],
        prepared: [] as number[],
      };
      const coldService = await openService(1);
      try {
        const first = await coldSample(font.gno, false);
        nativeIdle.length = 0;
        console.log(`  (首次载入含编译 wasm 模块：${first.ms.toFixed(1)} ms，不计入)`);
        for (let run = 1; run <= FRESH_COLD_RUNS; run++) {
          const idle = await coldSample(font.gno, false);
          cold.idle.push(idle.ms);
          cold.idleAnswer.push(idle.answerMs);
          cold.busy.push((await coldSample(font.gno, true)).ms);
          cold.firstLoad.push((await coldSample(copyOf(font, filePath, run, dataDir), false)).ms);
        }
      } finally {
        await coldService.close();
      }
      // A server that has just started prepares the catalogue's fonts (their digests and loading plans) in
      // the background: files this process never loaded, once prepared, as a first preview after a restart.
      const preparedCopies = Array.from({ length: FRESH_COLD_RUNS }, (_, run) =>
        copyOf(font, filePath, FRESH_COLD_RUNS + 1 + run, dataDir),
      );
      const preparedService = await openService(1, async () => preparedCopies);
      try {
        await preparedService.fontsPrepared;
        for (const gno of preparedCopies) cold.prepared.push((await coldSample(gno, false)).ms);
      } finally {
        await preparedService.close();
      }

      const service = await openService();
      try {
        await post([{ gno: font.gno, text: otherFreshTexts() }]); // loads the face
        const freshPreview = async (text: string) => {
          const { ms, body } = await post([{ gno: font.gno, text }]);
          return {
            answerMs: ms,
            ms: ms + (await timer.request(`http://127.0.0.1:${SERVICE_PORT}${woffPathOf(body)}`)).ms,
          };
        };
        const warmUps: number[] = [];
        for (let run = 0; run < FRESH_WARM_UPS; run++) warmUps.push((await freshPreview(otherFreshTexts())).ms);
        const warm: number[] = [];
        const answers: number[] = [];
        for (let run = 0; run < FRESH_WARM_RUNS; run++) {
          const { ms, answerMs } = await freshPreview(freshTexts());
          answers.push(answerMs);
          warm.push(ms);
        }

        const hitItem = [{ gno: font.gno, text: TEXT_20 }];
        await post(hitItem);
        const hits = await sampleServer(HIT_RUNS, () => post(hitItem));
        const batch = Array.from({ length: 20 }, () => ({ gno: font.gno, text: otherFreshTexts() }));
        await post(batch);
        const batchHits = await sampleServer(HIT_RUNS / 3, () => post(batch));

        const goalMet = (met: boolean) => (met ? "达标" : "未达标");
        const hitStats = stats(hits);
        console.log(
          `  缓存命中，1 项 20 字         p50 ${ms(hitStats.median)}  p95 ${ms(hitStats.p95)}  ` +
            `目标 p50 <= ${GOAL_HIT_P50_MS} ms：${goalMet(hitStats.median <= GOAL_HIT_P50_MS)}`,
        );
        const batchStats = stats(batchHits);
        console.log(`  缓存命中，20 项各 20 字      p50 ${ms(batchStats.median)}  p95 ${ms(batchStats.p95)}`);

        const nativeLast = nativeAvailable ? await nativePreview(filePath, dataDir) : null;
        // Each line is compared with the native process in the same state of the machine: one started
        // right after others (as a request among others), or one started after the same idle pause.
        const native =
          nativeFirst && nativeLast
            ? (() => {
                const woffMs = Math.min(nativeFirst.woffMs, nativeLast.woffMs);
                const afterOthersMs = stats([...nativeFirst.processMs, ...nativeLast.processMs]).median + woffMs;
                const afterIdle = stats(nativeIdle);
                return { woffMs, afterOthersMs, afterIdleMs: afterIdle.median + woffMs, afterIdleP95: afterIdle.p95 };
              })()
            : null;
        for (const [name, times, nativeState] of [
          [
            `新 20 字，字形已加载（应答 + 随即 GET 其 woffPath，服务端耗时之和，下同；服务已做过 ${FRESH_WARM_UPS} 个新预览）`,
            warm,
            "afterOthersMs",
          ],
          [
            `新 20 字，字形未加载（运行中的服务，之前 ${COLD_SPACING_MS} ms 空闲；本进程载入过该字体文件）`,
            cold.idle,
            "afterIdleMs",
          ],
          [`  同上，但之前 ${COLD_SPACING_MS} ms 里服务一直在答缓存命中的请求`, cold.busy, "afterOthersMs"],
          [
            "  同上（空闲），但本进程从未用过该字体文件，已在启动后的后台准备中算好摘要与读取计划（重启后的首个预览）",
            cold.prepared,
            "afterIdleMs",
          ],
          [
            "  同上（空闲），但本进程从未用过该字体文件，也未准备（每次一份新拷贝：算内容摘要、整个读入）",
            cold.firstLoad,
            "afterIdleMs",
          ],
        ] as const) {
          const { median, p95 } = stats(times);
          const nativeMs = native?.[nativeState];
          const state = nativeState === "afterIdleMs" ? "空闲后" : "连续";
          const ratio = nativeMs ? ` → ${(median / nativeMs).toFixed(2)}x 原生（${state}）` : "";
          const verdict = nativeMs
            ? `，目标 <= ${GOAL_FRESH_RATIO}x：${goalMet(median / nativeMs <= GOAL_FRESH_RATIO)}`
            : "";
          console.log(`  ${name}  median ${ms(median)}  p95 ${ms(p95)}${ratio}${verdict}`);
        }
        for (const [name, times] of [
          ["其中应答本身（字形已加载）", answers],
          ["其中应答本身（字形未加载，空闲后）", cold.idleAnswer],
        ] as const) {
          const { median, p95 } = stats(times);
          console.log(`  ${name}  median ${ms(median)}  p95 ${ms(p95)}（新子集可先答复，其文件等它做好）`);
        }
        const firstPreviews = stats(warmUps);
        console.log(
          `  服务刚启动的前 ${FRESH_WARM_UPS} 个新预览（GB 2312 二级字，不计入上面）  median ${ms(firstPreviews.median)}  p95 ${ms(firstPreviews.p95)}`,
        );
        if (native) {
          console.log(
            `  原生 WOFF：hb-subset 输出的 zlib 压缩（sfnt2woff 的做法，进程内，不计其进程启动与写文件）${ms(native.woffMs)}，计入下两项`,
          );
          console.log(
            `  原生（连续）：hb-subset 进程，我方前后各 ${NATIVE_PROCESS_BATCHES} 批、每批 ${NATIVE_PROCESSES_PER_BATCH} 个接连启动，` +
              `批均值的中位数，已减去 sh 本身，加 WOFF = ${ms(native.afterOthersMs)}`,
          );
          console.log(
            `  原生（空闲后）：hb-subset 进程 ${nativeIdle.length} 个，与我方空闲样本交替、每个之前停 ${COLD_SPACING_MS} ms，` +
              `shell 计时其启动到退出，中位数加 WOFF = ${ms(native.afterIdleMs)}（p95 ${ms(native.afterIdleP95)}）`,
          );
        }
      } finally {
        await service.close();
      }
    }
  } finally {
    router = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const benchFontRows = new Map(
  SERVICE_FONTS.map((font) => [font.gno, { file_location: npmLocation(font.packageFile), version: "bench" }]),
);

/** A catalogue that knows the bench fonts and their copies, as rows the catalogue's font source reads. */
function benchCatalogue(): FontRepository {
  return { fontFiles: async (gno: string) => benchFontRows.get(gno) ?? null } as unknown as FontRepository;
}

/** The gno of a new copy of `font`'s file in the data directory `dataDir`: a font file no face was loaded from. */
function copyOf(font: ServiceFont, filePath: string, run: number, dataDir: string): string {
  const gno = `${font.gno}${String(run).padStart(3, "0")}`;
  const relative = path.join("bench-copies", `${gno}.ttf`);
  mkdirSync(path.join(dataDir, "bench-copies"), { recursive: true });
  copyFileSync(filePath, path.join(dataDir, relative));
  benchFontRows.set(gno, { file_location: dataLocation(relative), version: "bench" });
  return gno;
}

/** The WOFF URL of the single item of a POST /webfont/http answer. */
function woffPathOf(body: ArrayBuffer): string {
  const [item] = JSON.parse(Buffer.from(body).toString("utf8")).data as Array<{ woffPath: string }>;
  return item!.woffPath;
}

/** Each call: 20 characters of `vocabulary` no earlier call returned. */
function freshTextsOf(vocabulary: string): () => string {
  const characters = [...vocabulary];
  let next = 0;
  return () => {
    if (next + 20 > characters.length) throw new Error("新字符用完了");
    next += 20;
    return characters.slice(next - 20, next).join("");
  };
}

/**
 * The native process a live preview would otherwise run: `hb-subset` on the font file for 20 characters
 * (timed as processes started from a shell loop, so Node's own spawn cost is left out), plus WOFF
 * compression of its output with zlib per table as sfnt2woff does (timed in this process, without the
 * start of a second process or the writing of its file: the native side is counted at its fastest).
 * Processes are timed started one right after another (batch means here), and each after the pause the
 * cold samples of the service take (`nativeProcessAfterPause`): after a pause, the processor's caches no
 * longer hold what the previous one used.
 */
async function nativePreview(fontPath: string, workDir: string): Promise<{ processMs: number[]; woffMs: number }> {
  const { outFile, args } = nativePreviewArgs(fontPath, workDir);
  const loop = (count: number) => {
    const start = performance.now();
    const result = spawnSync(
      "sh",
      ["-c", `i=0; while [ "$i" -lt "$0" ]; do hb-subset "$@" || exit 1; i=$((i+1)); done`, String(count), ...args],
      { encoding: "utf8" },
    );
    if (result.status !== 0) throw new Error(`${NATIVE} 失败：${result.stderr}`);
    return performance.now() - start;
  };
  loop(1);
  const batches = Array.from({ length: NATIVE_PROCESS_BATCHES }, () => {
    const shellOnly = loop(0);
    return (loop(NATIVE_PROCESSES_PER_BATCH) - shellOnly) / NATIVE_PROCESSES_PER_BATCH;
  });
  const sfnt = new Uint8Array(readFileSync(outFile));
  const woff = await sample(30, () => encodeWoff(sfnt));
  return { processMs: batches, woffMs: woff.median };
}

/** The arguments of a native preview of `fontPath` (its 20 characters written to a file in `workDir`), and its output file. */
function nativePreviewArgs(fontPath: string, workDir: string): { outFile: string; args: string[] } {
  const textFile = path.join(workDir, "native-text.txt");
  const outFile = path.join(workDir, "native-out.ttf");
  writeFileSync(textFile, TEXT_20);
  return { outFile, args: ["--no-hinting", `--text-file=${textFile}`, `--output-file=${outFile}`, fontPath] };
}

/**
 * One native `hb-subset` process started after the cold samples' pause, in ms: timed by the shell from
 * just before it starts the process to just after it has exited (bash's clock, which costs no process of
 * its own), so neither the pause nor Node's spawn is counted.
 */
function nativeProcessAfterPause(fontPath: string, workDir: string): number {
  const result = spawnSync(
    "bash",
    [
      "-c",
      `sleep ${COLD_SPACING_MS / 1000}; start=$EPOCHREALTIME; hb-subset "$@" || exit 1; echo "$start $EPOCHREALTIME"`,
      "bash",
      ...nativePreviewArgs(fontPath, workDir).args,
    ],
    { encoding: "utf8", env: { ...process.env, LC_ALL: "C" } },
  );
  const [start, end] = result.stdout.trim().split(" ").map(Number);
  if (result.status !== 0 || !start || !end) throw new Error(`${NATIVE} 失败：${result.stderr}`);
  return (end - start) * 1000;
}

/** Times requests on the server, each matched to its client call by a header. */
function serverTimer() {
  const finished = new Map<string, { resolve: (ms: number) => void; promise: Promise<number> }>();
  const slot = (id: string) => {
    let held = finished.get(id);
    if (!held) {
      let resolve!: (ms: number) => void;
      const promise = new Promise<number>((settle) => (resolve = settle));
      held = { resolve, promise };
      finished.set(id, held);
    }
    return held;
  };
  let counter = 0;
  const observe = (req: IncomingMessage, res: ServerResponse) => {
    const start = performance.now();
    const id = String(req.headers[BENCH_REQUEST_HEADER] ?? "");
    res.on("finish", () => slot(id).resolve(performance.now() - start));
  };
  const request = async (url: string, init: RequestInit = {}): Promise<{ ms: number; body: ArrayBuffer }> => {
    const id = String(++counter);
    const response = await fetch(url, { ...init, headers: { ...init.headers, [BENCH_REQUEST_HEADER]: id } });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} → ${response.status} ${Buffer.from(body).toString("utf8")}`);
    const ms = await slot(id).promise;
    finished.delete(id);
    return { ms, body };
  };
  return { observe, request };
}

async function sampleServer(runs: number, task: () => Promise<{ ms: number }>): Promise<number[]> {
  for (let run = 0; run < WARMUP_RUNS; run++) await task();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push((await task()).ms);
  return times;
}

function listen(listener: RequestListener, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(listener).listen(port, "127.0.0.1", () => resolve(server));
    server.once("error", reject);
  });
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
  return { min: Math.min(...times), median: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/** `count` distinct characters of `text`, in order. */
function distinct(text: string, count: number): string {
  const characters = [...new Set(text)];
  if (characters.length < count) throw new Error(`文本只有 ${characters.length} 个不同字符，少于 ${count}`);
  return characters.slice(0, count).join("");
}

function ms(value: number): string {
  return `${value.toFixed(2).padStart(7)} ms`;
}

function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

await main();
