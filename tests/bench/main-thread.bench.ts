/**
 * Main-thread benchmark (not a test): `npm run bench:main-thread` (run `npm run build` first).
 *
 * What a phone's main thread does to show a page, read where a shared host cannot blur it: the
 * built site in a child process, each page loaded in headless Chromium (`CHROME_PATH`, else
 * Debian's `chromium`) at a phone's size in a fresh context, `/`, `/font` and a font page taken in
 * turn with the near-static `/agreement/font`, round after round (`MAIN_THREAD_ROUNDS`, 15). Each
 * load is traced, and the renderer's main thread is summed from the trace's thread times (CPU time,
 * so the time it waited for a core while other processes ran is left out): from the first
 * contentful paint on (the work Lighthouse's blocking time is made of), and in all. Prints the
 * medians, each page beside the reference. Lighthouse's figures on the same pages
 * (`bench:lighthouse`) multiply wall-clock durations, which on two busy cores follow the host's load.
 */
import { chromium, type Browser } from "playwright-core";
import { startBuiltSite } from "./built-site.js";
import { percentile } from "./bench-texts.js";

const ROUNDS = Number(process.env.MAIN_THREAD_ROUNDS ?? 15);
const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 2 };
const REFERENCE_PAGE = "/agreement/font";
/** What the page still does after its load event: hydration's last effects, idle-time work. */
const AFTER_LOAD_MS = 1_200;

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number };
type Load = { afterPaintMs: number; allMs: number };

async function traceLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    await cdp.send("Tracing.start", {
      categories: "devtools.timeline,disabled-by-default-devtools.timeline",
      transferMode: "ReportEvents",
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(AFTER_LOAD_MS);
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await complete;
    const paint = events.find((event) => event.name === "firstContentfulPaint");
    if (!paint) throw new Error(`${url}：没有首次内容绘制`);
    // The renderer's main thread: the one of the painting process whose tasks took longest.
    const tasks = events.filter((event) => event.ph === "X" && event.name === "RunTask" && event.pid === paint.pid);
    const byThread = new Map<number, number>();
    for (const task of tasks) byThread.set(task.tid, (byThread.get(task.tid) ?? 0) + (task.dur ?? 0));
    const main = [...byThread].sort((a, b) => b[1] - a[1])[0]![0];
    const cpuMs = (list: TraceEvent[]) => list.reduce((sum, task) => sum + (task.tdur ?? task.dur ?? 0), 0) / 1000;
    const mainTasks = tasks.filter((task) => task.tid === main);
    return { afterPaintMs: cpuMs(mainTasks.filter((task) => task.ts >= paint.ts)), allMs: cpuMs(mainTasks) };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const site = await startBuiltSite(Number(process.env.BENCH_PORT ?? 3480));
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium" });
  try {
    const list = (await (await fetch(`${site.origin}/web/api/font/getFontList?current=1&size=1`)).json()) as {
      data: { records: Array<{ fontGNo: string }> };
    };
    const pages = [REFERENCE_PAGE, "/", "/font", `/font/${list.data.records[0]!.fontGNo}`];
    const loads = new Map<string, Load[]>(pages.map((page) => [page, []]));
    for (const page of pages) await traceLoad(browser, `${site.origin}${page}`); // caches and kept pages warm
    for (let round = 0; round < ROUNDS; round++) {
      for (const page of pages) loads.get(page)!.push(await traceLoad(browser, `${site.origin}${page}`));
    }
    const median = (page: string, key: keyof Load) =>
      percentile(
        loads.get(page)!.map((load) => load[key]),
        0.5,
      );
    console.log(
      `\n== 主线程 CPU 时间（手机尺寸，每页 ${ROUNDS} 次、与参照页轮流加载，中位数；线程时间，不含等核的时间）`,
    );
    for (const page of pages) {
      const after = median(page, "afterPaintMs");
      const reference = median(REFERENCE_PAGE, "afterPaintMs");
      const gap =
        page === REFERENCE_PAGE
          ? "参照"
          : `比参照页 ${after - reference >= 0 ? "+" : "−"}${Math.abs(after - reference).toFixed(1)} ms`;
      console.log(
        `  ${page.padEnd(18)} 首次内容绘制之后 ${after.toFixed(1).padStart(6)} ms（${gap}）  全部 ${median(page, "allMs").toFixed(1).padStart(6)} ms`,
      );
    }
  } finally {
    await browser.close();
    await site.stop();
  }
}

await main();
