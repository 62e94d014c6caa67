/**
 * Lighthouse benchmark (not a test): starts the built site in a child process on loopback, then
 * runs Lighthouse 12 (mobile form factor, its default simulated throttling, performance category
 * only) in headless Chromium on /, /font and one font's page, several times each, beside a
 * near-static page measured in the same rounds (what the host allows any page). Each load is
 * gathered once and audited twice: with Lighthouse's default CPU slowdown of 4, and with the
 * slowdown calibrated to the host's CPU as Lighthouse measured it just before that load
 * (`cpu-calibration.ts`: the host's speed changes from one load to the next), which the goals
 * (each page within 0.05 of the reference's performance, the home page's blocking time within 150 ms of
 * the reference's, CLS 0) are read against; each round's gap to the reference's load of that round
 * is printed too, to show the spread the medians hide. Then the first-load JavaScript of /: every
 * script the page fetched in its first load, measured as the site sends it to a client accepting
 * gzip (and, for comparison, Brotli), against 110 KB. Last, what Lighthouse's estimate of each page owes
 * to each group of requests: the page's median load audited again without the group's requests (the simulation
 * is deterministic for a given load, so the differences between these figures are free of the
 * spread between whole runs).
 *
 * With LIGHTHOUSE_COMPARE_ORIGIN set to another build of the site already running (the commit
 * before a change, say), its three pages are loaded in the same rounds, in turn with these, and
 * printed beside them: a change read against the build before it on the same host in the same
 * minutes, which runs of the bench an hour apart cannot tell from the host's own drift.
 *
 *   npm run build && npm run bench:lighthouse   (LIGHTHOUSE_RUNS=3 to tune; CHROME_PATH picks the browser)
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { type Flags, type Result as LighthouseResult } from "lighthouse";
import { startBuiltSite } from "./built-site.js";
import { calibratedCpuSlowdown, DEFAULT_CPU_SLOWDOWN } from "./cpu-calibration.js";
import { GOAL_FIRST_LOAD_JS_KB, servedKilobytes } from "./first-load-js.js";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3470);
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const compareOrigin = process.env.LIGHTHOUSE_COMPARE_ORIGIN?.replace(/\/+$/, "");

/** Each page's performance at most this far below the reference's, measured in the same rounds. */
const GOAL_PERFORMANCE_GAP = 0.05;
/** The home page's blocking time at most this much above the reference's. */
const GOAL_HOME_TBT_GAP_MS = 150;
/** A near-static page of the same site, measured in the same rounds: what the host allows any page. */
const REFERENCE_PAGE = "/agreement/font";

type Metrics = { performance: number; lcp: number; cls: number; tbt: number; fcp: number; speedIndex: number };
type ScriptRequest = { url: string; transferSize: number };

async function firstFontId(): Promise<string> {
  const response = await fetch(`${origin}/web/api/font/getFontList?current=1&size=1`);
  const body = (await response.json()) as { data: { records: Array<{ fontGNo: string }> } };
  const id = body.data.records[0]?.fontGNo;
  if (!id) throw new Error("字体列表为空");
  return id;
}

function numeric(lhr: LighthouseResult, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? NaN;
}

function metricsOf(lhr: LighthouseResult): Metrics {
  return {
    performance: lhr.categories.performance?.score ?? NaN,
    lcp: numeric(lhr, "largest-contentful-paint"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    tbt: numeric(lhr, "total-blocking-time"),
    fcp: numeric(lhr, "first-contentful-paint"),
    speedIndex: numeric(lhr, "speed-index"),
  };
}

function scriptsOf(lhr: LighthouseResult): ScriptRequest[] {
  const details = lhr.audits["network-requests"]?.details as
    { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } | undefined;
  return (details?.items ?? [])
    .filter((item) => item.resourceType === "Script")
    .map((item) => ({ url: item.url, transferSize: item.transferSize ?? 0 }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianMetrics(all: Metrics[]): Metrics {
  const of = (key: keyof Metrics) => median(all.map((metrics) => metrics[key]));
  return {
    performance: of("performance"),
    lcp: of("lcp"),
    cls: of("cls"),
    tbt: of("tbt"),
    fcp: of("fcp"),
    speedIndex: of("speedIndex"),
  };
}

/** The requests whose share of the estimate of / is printed, by URL. */
const REQUEST_GROUPS = [
  { name: "页面脚本", pattern: /\/build\/.*\.js(\?|$)/ },
  { name: "预览字体", pattern: /\/webfont\// },
  { name: "样式表", pattern: /\/build\/.*\.css(\?|$)/ },
];

type DevtoolsMessage = { method: string; params?: { requestId?: string; request?: { url: string } } };
type TraceEvent = { name: string; args?: { data?: { requestId?: string; url?: string } } };
type GatheredArtifacts = { settings: { throttling: NonNullable<Flags["throttling"]> } };

/**
 * One page load as Lighthouse gathered it (a directory of its files), with its audit as gathered and
 * the CPU slowdown calibrated to the host's speed Lighthouse measured just before the load.
 */
type GatheredLoad = { dir: string; asGathered: LighthouseResult; cpuSlowdown: number };

/**
 * The load in `dir` audited again with the CPU slowdown `cpuSlowdown` and, with `without`, without
 * the requests whose URL matches it (their network messages and trace events). Lighthouse's
 * default throttling is simulated: the load was gathered unthrottled and the slowdown only enters
 * the simulation, so auditing the same load with another one is what gathering with it would give.
 */
async function reaudit(
  dir: string,
  flags: Flags,
  options: { cpuSlowdown: number; without?: RegExp },
): Promise<Metrics> {
  const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as unknown;
  const copy = mkdtempSync(path.join(tmpdir(), "ziti-lighthouse-"));
  try {
    const artifacts = read("artifacts.json") as GatheredArtifacts;
    const throttling = { ...artifacts.settings.throttling, cpuSlowdownMultiplier: options.cpuSlowdown };
    // Lighthouse refuses to audit with other settings than the load's own: the slowdown is changed in both.
    artifacts.settings.throttling = throttling;
    writeFileSync(path.join(copy, "artifacts.json"), JSON.stringify(artifacts));
    const { without } = options;
    if (!without) {
      for (const file of ["defaultPass.devtoolslog.json", "defaultPass.trace.json"])
        copyFileSync(path.join(dir, file), path.join(copy, file));
    } else {
      const log = read("defaultPass.devtoolslog.json") as DevtoolsMessage[];
      const trace = read("defaultPass.trace.json") as { traceEvents: TraceEvent[] };
      const dropped = new Set<string>();
      for (const message of log) {
        const url = message.params?.request?.url;
        if (message.method === "Network.requestWillBeSent" && url && without.test(url))
          dropped.add(message.params!.requestId!);
      }
      for (const event of trace.traceEvents) {
        const { requestId, url } = event.args?.data ?? {};
        if (event.name === "ResourceSendRequest" && requestId && url && without.test(url)) dropped.add(requestId);
      }
      const kept = (requestId: string | undefined) => !requestId || !dropped.has(requestId);
      writeFileSync(
        path.join(copy, "defaultPass.devtoolslog.json"),
        JSON.stringify(log.filter((message) => kept(message.params?.requestId))),
      );
      writeFileSync(
        path.join(copy, "defaultPass.trace.json"),
        JSON.stringify({
          ...trace,
          traceEvents: trace.traceEvents.filter((event) => kept(event.args?.data?.requestId)),
        }),
      );
    }
    const lhr = (await lighthouse(undefined, { ...flags, throttling, auditMode: copy }))?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`重新审计失败：${lhr?.runtimeError?.message ?? "没有结果"}`);
    return metricsOf(lhr);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * One load of `url` gathered into a directory of its own and audited as gathered; a load whose
 * trace came out broken (NO_NAVSTART and the like) is gathered again.
 */
async function gather(url: string, flags: Flags, attempts = 3): Promise<GatheredLoad> {
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync(path.join(tmpdir(), "ziti-lighthouse-"));
    let reason = "没有结果";
    try {
      await lighthouse(url, { ...flags, gatherMode: dir });
      const lhr = (await lighthouse(undefined, { ...flags, auditMode: dir }))?.lhr;
      if (lhr && !lhr.runtimeError)
        return { dir, asGathered: lhr, cpuSlowdown: calibratedCpuSlowdown(lhr.environment.benchmarkIndex) };
      if (lhr?.runtimeError) reason = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    } catch (error) {
      reason = (error as Error).message;
    }
    rmSync(dir, { recursive: true, force: true });
    if (attempt >= attempts) throw new Error(`${url}: ${reason}`);
    console.log(`  （${url} 第 ${attempt} 次运行失败：${reason}，重试）`);
  }
}

const met = (ok: boolean) => (ok ? "达标" : "未达标");
const ms = (value: number) => `${value.toFixed(0)} ms`;
const scores = (all: Metrics[]) => all.map((metrics) => metrics.performance.toFixed(2)).join(" ");
const signed = (value: number, digits: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(digits)}`;

async function main() {
  const site = await startBuiltSite(port);
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  const gatheredDirs: string[] = [];
  try {
    const pages = ["/", "/font", `/font/${await firstFontId()}`];
    // Each load is keyed by its address; this build's pages by their path alone.
    const measured = [...pages, REFERENCE_PAGE];
    const urlOf = (key: string) => (key.startsWith("/") ? `${origin}${key}` : key);
    const compared = (page: string) => `${compareOrigin}${page}`;
    if (compareOrigin) measured.push(...pages.map(compared));
    // The first render of each page fills the server's caches; Lighthouse should measure a warm server.
    for (const key of measured) await (await fetch(urlOf(key))).text();

    chrome = await launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
    const flags: Flags = {
      port: chrome.port,
      onlyCategories: ["performance"],
      output: "json",
      logLevel: "error",
      // Lighthouse's default leaves IndexedDB and local storage between runs (the service worker's
      // cache records among them): every run should load its page as a first visit.
      clearStorageTypes: [
        "file_systems",
        "shader_cache",
        "service_workers",
        "cache_storage",
        "indexeddb",
        "local_storage",
      ],
    };
    console.log(`Lighthouse（移动端，模拟限速，仅性能），每页 ${runs} 次取中位数，${origin}`);
    if (compareOrigin) console.log(`同轮对比另一构建：${compareOrigin}`);
    console.log(`本机 ${cpus().length} 核，开始时负载 ${loadavg()[0]!.toFixed(1)}`);

    // Round after round, every page once per round, so a change in the machine's load meets every
    // page alike rather than the last one measured.
    const loads = new Map<string, GatheredLoad[]>(measured.map((page) => [page, []]));
    for (let run = 0; run < runs; run++) {
      for (const [key, all] of loads) {
        const load = await gather(urlOf(key), flags);
        gatheredDirs.push(load.dir);
        all.push(load);
      }
    }
    const everyLoad = [...loads.values()].flat();
    const benchmarkIndexes = everyLoad.map((load) => load.asGathered.environment.benchmarkIndex);
    console.log(
      `Lighthouse 测得本机 CPU 基准 benchmarkIndex 中位数 ${median(benchmarkIndexes).toFixed(0)}` +
        `（各次 ${Math.min(...benchmarkIndexes).toFixed(0)}–${Math.max(...benchmarkIndexes).toFixed(0)}）`,
    );
    const runWarnings = new Set(everyLoad.flatMap((load) => load.asGathered.runWarnings));
    for (const warning of runWarnings) console.log(`  Lighthouse 的警告：${warning}`);
    console.log(
      `每次加载按它自己测得的 benchmarkIndex 校准 CPU 减速（Lighthouse 默认的 ${DEFAULT_CPU_SLOWDOWN}× 对应 benchmarkIndex 约 1533）；` +
        `目标按校准后的数字判断，默认 ${DEFAULT_CPU_SLOWDOWN}× 的数字一并列出`,
    );

    // Every load audited again with the slowdown for the host's speed as measured just before it:
    // the same loads, so the two sets of figures differ only by the slowdown.
    const calibrated = new Map<string, Metrics[]>();
    for (const [page, all] of loads) {
      const metrics: Metrics[] = [];
      for (const load of all) metrics.push(await reaudit(load.dir, flags, { cpuSlowdown: load.cpuSlowdown }));
      calibrated.set(page, metrics);
    }
    const asGathered = (page: string) => loads.get(page)!.map((load) => metricsOf(load.asGathered));
    const describe = (all: Metrics[]) => {
      const m = medianMetrics(all);
      return (
        `performance ${m.performance.toFixed(2)}（各次 ${scores(all)}）  LCP ${ms(m.lcp)}  CLS ${m.cls.toFixed(3)}` +
        `  TBT ${ms(m.tbt)}  FCP ${ms(m.fcp)}  Speed Index ${ms(m.speedIndex)}`
      );
    };
    const print = (page: string) => {
      const slowdowns = loads.get(page)!.map((load) => `${load.cpuSlowdown.toFixed(1)}×`);
      console.log(
        `  校准      ${describe(calibrated.get(page)!)}\n            （各次 CPU 减速 ${slowdowns.join(" ")}）`,
      );
      console.log(`  默认 ${DEFAULT_CPU_SLOWDOWN}×   ${describe(asGathered(page))}`);
    };
    const reference = medianMetrics(calibrated.get(REFERENCE_PAGE)!);
    console.log(`\n参照页 ${REFERENCE_PAGE}（近乎静态，同轮测量）`);
    print(REFERENCE_PAGE);
    // The same gaps round by round (each load beside the reference's load of its round): how far
    // the spread between rounds reaches, which the medians above hide.
    const roundGaps = (key: string, against = REFERENCE_PAGE) => {
      const rounds = calibrated.get(against)!;
      return calibrated.get(key)!.map((metrics, round) => ({
        performance: metrics.performance - rounds[round]!.performance,
        tbt: metrics.tbt - rounds[round]!.tbt,
      }));
    };
    const printRounds = (label: string, gaps: ReturnType<typeof roundGaps>) =>
      console.log(
        `  ${label}：performance ${gaps.map((gap) => signed(gap.performance, 2)).join(" ")}` +
          `（中位数 ${signed(median(gaps.map((gap) => gap.performance)), 2)}），` +
          `TBT ${gaps.map((gap) => signed(gap.tbt, 0)).join(" ")} ms` +
          `（中位数 ${signed(median(gaps.map((gap) => gap.tbt)), 0)} ms）`,
      );
    for (const page of pages) {
      const m = medianMetrics(calibrated.get(page)!);
      console.log(`\n${page}`);
      print(page);
      console.log(
        `  比参照页（校准）：performance ${signed(m.performance - reference.performance, 2)}，` +
          `TBT ${signed(m.tbt - reference.tbt, 0)} ms，LCP ${signed(m.lcp - reference.lcp, 0)} ms`,
      );
      printRounds("逐轮比参照页", roundGaps(page));
      if (compareOrigin) {
        console.log(`  另一构建 ${compared(page)}`);
        print(compared(page));
        printRounds("  它逐轮比参照页", roundGaps(compared(page)));
        printRounds("  本构建逐轮比它", roundGaps(page, compared(page)));
      }
      const gap = reference.performance - m.performance;
      const tbtGoal =
        page === "/"
          ? `；TBT 比参照页多 <= ${GOAL_HOME_TBT_GAP_MS} ms：${met(m.tbt - reference.tbt <= GOAL_HOME_TBT_GAP_MS)}`
          : "";
      console.log(
        `  目标 performance 比参照页低 <= ${GOAL_PERFORMANCE_GAP}：${met(gap <= GOAL_PERFORMANCE_GAP + 1e-9)}${tbtGoal}；CLS == 0：${met(m.cls === 0)}`,
      );
    }

    const homeLoad = loads.get("/")![0]!;
    const homeScripts = scriptsOf(homeLoad.asGathered);
    let gzipped = 0;
    let brotli = 0;
    const lines: string[] = [];
    for (const script of homeScripts) {
      // Another origin's script (none today) counts with what Lighthouse saw transferred.
      const ours = script.url.startsWith(origin);
      const gzipKilobytes = ours ? await servedKilobytes(script.url, "gzip") : script.transferSize / 1024;
      gzipped += gzipKilobytes;
      brotli += ours ? await servedKilobytes(script.url, "br") : script.transferSize / 1024;
      lines.push(`    ${gzipKilobytes.toFixed(1).padStart(6)} KB  ${script.url.replace(origin, "")}`);
    }
    const transferred = homeScripts.reduce((sum, script) => sum + script.transferSize, 0) / 1024;
    console.log(`\n/ 首次加载的 JavaScript：${homeScripts.length} 个脚本，以 gzip 发送共 ${gzipped.toFixed(1)} KB`);
    console.log(lines.join("\n"));
    console.log(
      `  （以 Brotli 发送共 ${brotli.toFixed(1)} KB；Lighthouse 记录的传输量含响应头 ${transferred.toFixed(1)} KB）`,
    );
    console.log(`  目标 <= ${GOAL_FIRST_LOAD_JS_KB} KB gzip：${met(gzipped <= GOAL_FIRST_LOAD_JS_KB)}`);

    const line = (m: Metrics) =>
      `performance ${m.performance.toFixed(2)}  FCP ${ms(m.fcp)}  LCP ${ms(m.lcp)}  TBT ${ms(m.tbt)}`;
    for (const page of pages) {
      // The load whose calibrated performance is the page's median: the groups of a typical load.
      const ranked = calibrated
        .get(page)!
        .map((metrics, index) => ({ metrics, load: loads.get(page)![index]! }))
        .sort((x, y) => x.metrics.performance - y.metrics.performance);
      const { metrics, load } = ranked[Math.floor(ranked.length / 2)]!;
      console.log(
        `\n${page} 中位的一次加载，Lighthouse 的估算各组请求占多少（校准 ${load.cpuSlowdown.toFixed(1)}×，同一次加载去掉该组请求后重新审计）`,
      );
      console.log(`  原样          ${line(metrics)}`);
      for (const group of REQUEST_GROUPS) {
        const without = await reaudit(load.dir, flags, { cpuSlowdown: load.cpuSlowdown, without: group.pattern });
        console.log(`  去掉${group.name.padEnd(4, "　")}  ${line(without)}`);
      }
    }
  } finally {
    for (const dir of gatheredDirs) rmSync(dir, { recursive: true, force: true });
    chrome?.kill();
    await site.stop();
  }
}

await main();
