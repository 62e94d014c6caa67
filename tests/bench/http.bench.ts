/**
 * HTTP benchmark (not a test): starts the built site in a child process on loopback, then loads
 * the data pages (/, /font, a filtered /font?page=2, /font/{id}) and the subset endpoint from this
 * process (each page three times: as a visitor without cookies, whom the server may answer from its
 * page cache; with a compare-list cookie; and signed in, with favorites and the compare list, on a
 * second server run with NODE_ENV=test so that the bench can register without the slider captcha:
 * the pages made for each such visitor), each beside a near-static page of the same server
 * (/agreement/font, which is rendered for every visitor) loaded the same way (with the same cookie)
 * and measured in the same run, and prints the ratios beside their goals; the pages for visitors
 * without cookies once more with the Accept-Encoding a browser sends, the reference too, since every
 * answer is then compressed; last, it opens every font's page and reports the server's resident
 * memory with the whole catalogue warm.
 *
 *   npm run build && npm run bench:http   (BENCH_SECONDS=5 BENCH_CONCURRENCY=16 to tune)
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { postJson, registerByEmail } from "../api-account.js";
import { processCpuMs, startBuiltSite } from "./built-site.js";
import { COMPARE_COOKIE, serializeCompareCookieValue } from "../../app/services/compare/compare-list.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const port = Number(process.env.BENCH_PORT ?? 3390);
const origin = `http://127.0.0.1:${port}`;

type Target = {
  name: string;
  /** The server asked; the main one by default. */
  origin?: string;
  /** What the ratio to the reference must reach: at least `throughput` times its answers a second, a p99 at most `p99` times its. */
  goal?: { throughput: number; p99?: number };
  method: "GET" | "POST";
  path: string;
  body?: string;
  cookie?: string;
  /** Sent as a browser sends it; without it the server answers uncompressed. */
  acceptEncoding?: string;
};

/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
type Result = {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** The server process's CPU time (all its threads) per answer: steadier than a time on a shared host. */
  cpuMsPerAnswer: number;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function request(target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      `${target.origin ?? origin}${target.path}`,
      {
        method: target.method,
        agent,
        headers: {
          ...(target.body ? { "content-type": "application/json" } : {}),
          ...(target.cookie ? { cookie: target.cookie } : {}),
          ...(target.acceptEncoding ? { "accept-encoding": target.acceptEncoding } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => {
          if ((res.statusCode ?? 500) >= 400) reject(new Error(`HTTP ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      },
    );
    req.on("error", reject);
    req.end(target.body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function load(target: Target, serverPid: number | undefined): Promise<Result> {
  for (let i = 0; i < 20; i++) await request(target); // warm-up: caches, JIT, subset faces
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  const cpuBefore = processCpuMs(serverPid);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        try {
          latencies.push(await request(target));
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const cpuMsPerAnswer = (processCpuMs(serverPid) - cpuBefore) / Math.max(1, latencies.length);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    cpuMsPerAnswer,
  };
}

async function fontIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let current = 1; ; current++) {
    const response = await fetch(`${origin}/web/api/font/getFontList?current=${current}&size=50`);
    const body = (await response.json()) as { data: { records: Array<{ fontGNo: string }>; pages: number } };
    ids.push(...body.data.records.map((font) => font.fontGNo));
    if (current >= body.data.pages || body.data.records.length === 0) return ids;
  }
}

/** The server process's resident set size in MB (Linux), or NaN elsewhere. */
function residentMegabytes(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
    return kilobytes / 1024;
  } catch {
    return NaN;
  }
}

function format(result: Result): string {
  return `${result.perSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  CPU ${result.cpuMsPerAnswer.toFixed(1)} ms/answer  (${result.requests} ok, ${result.errors} errors)`;
}

/** A new user, registered by e-mail, who favorites `favorites`: their token. */
async function signedInToken(site: string, favorites: string[]): Promise<string> {
  const token = await registerByEmail(site, { prefix: "bench", password: "bench-password-1" });
  for (const fontGNo of favorites) await postJson(site, "/web/api/account/collection/addFont", { fontGNo }, token);
  return token;
}

function verdict(met: boolean): string {
  return met ? "达标" : "未达标";
}

/** Loads each target beside the reference with the same cookie and encoding, and prints both, their ratios and the goal. */
async function compare(targets: Target[], reference: Target, serverPid: number | undefined) {
  for (const target of targets) {
    const near = await load(
      { ...reference, origin: target.origin, cookie: target.cookie, acceptEncoding: target.acceptEncoding },
      serverPid,
    );
    const measured = await load(target, serverPid);
    const nearName = `${reference.name}${target.cookie ? "（带同样的 Cookie）" : ""}${target.acceptEncoding ? "（同样的 Accept-Encoding）" : ""}`;
    console.log(`\n${target.name}\n  measured  ${format(measured)}\n  ${nearName}  ${format(near)}`);
    const throughput = measured.perSecond / near.perSecond;
    const p99 = measured.p99 / near.p99;
    console.log(
      `  ratio     throughput ${throughput.toFixed(3)}×, p50 latency ${(measured.p50 / near.p50).toFixed(1)}×, p99 latency ${p99.toFixed(1)}×, answers per CPU second ${(near.cpuMsPerAnswer / measured.cpuMsPerAnswer).toFixed(3)}×`,
    );
    const { goal } = target;
    if (goal) {
      const met = throughput >= goal.throughput && (goal.p99 === undefined || p99 <= goal.p99);
      const p99Goal = goal.p99 === undefined ? "" : `，p99 <= ${goal.p99}× 参考`;
      console.log(`  goal      吞吐 >= ${goal.throughput}× 参考${p99Goal}：${verdict(met)}`);
    }
  }
}

async function main() {
  // The bench measures the subset endpoint's speed, not its per-visitor limit.
  const site = await startBuiltSite(port, { SUBSET_RATE_LIMIT_PER_MINUTE: "100000000" });
  const reference: Target = { name: "/agreement/font", method: "GET", path: "/agreement/font" };
  const perVisitor = { throughput: 0.6, p99: 3 };
  let ids: string[];
  let pages: string[];
  let withCompareList = "";
  try {
    ids = await fontIds();
    const id = ids[0];
    pages = ["/", "/font", "/font?page=2&style=all&sort=new", `/font/${id}`];
    // A visitor whose pages depend on a cookie: a compare list (a signed-in visitor below).
    withCompareList = `${COMPARE_COOKIE}=${serializeCompareCookieValue(ids.slice(0, 2))}`;
    console.log(
      `并发 ${concurrency}，每项 ${seconds} 秒，回环地址 ${origin}；服务器启动后的后台准备用了 ${(site.settledAfterMs / 1000).toFixed(1)} 秒，测量在其后`,
    );
    await compare(
      [
        { name: "/healthz", method: "GET", path: "/healthz" },
        ...pages.map((page): Target => ({ name: page, method: "GET", path: page, goal: { throughput: 5 } })),
        // As a browser asks: every answer compressed, the reference page's too.
        ...pages.map((page): Target => ({
          name: `${page}（Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}）`,
          method: "GET",
          path: page,
          acceptEncoding: BROWSER_ACCEPT_ENCODING,
        })),
        ...pages.map((page): Target => ({
          name: `${page}（带 Cookie：对比列表）`,
          method: "GET",
          path: page,
          cookie: withCompareList,
          goal: perVisitor,
        })),
        {
          name: "POST /webfont/http",
          method: "POST",
          path: "/webfont/http",
          body: JSON.stringify([{ gno: id, text: "短视频字体点赞关注不迷路" }]),
        },
      ],
      reference,
      site.pid,
    );
    // Every page kept twice: for visitors without cookies, and as a template for those with one.
    for (const cookie of [undefined, withCompareList]) {
      for (const fontId of ids) await request({ name: fontId, method: "GET", path: `/font/${fontId}`, cookie });
      for (let page = 1; page <= Math.ceil(ids.length / 20) + 1; page++) {
        await request({ name: "list", method: "GET", path: `/font?page=${page}`, cookie });
      }
    }
    const resident = residentMegabytes(site.pid);
    console.log(
      `\n内存：${ids.length} 款字体的页面都已打开（不带与带 Cookie 各一次）后，服务器常驻内存 ${resident.toFixed(0)} MB（目标 <= 600 MB：${verdict(resident <= 600)}）`,
    );
  } finally {
    await site.stop();
  }

  // A signed-in visitor with favorites and the compare list. Registering needs the slider captcha
  // off, which production refuses: this server runs with NODE_ENV=test, the reference beside it too.
  const testSite = await startBuiltSite(port + 1, { NODE_ENV: "test", CAPTCHA: "off" });
  try {
    const testOrigin = `http://127.0.0.1:${port + 1}`;
    const signedIn = `token=${await signedInToken(testOrigin, ids.slice(1, 3))}; ${withCompareList}`;
    console.log(`\n已登录的访客（另一台服务器：NODE_ENV=test，关闭滑块验证以便注册，${testOrigin}）`);
    await compare(
      pages.map((page): Target => ({
        name: `${page}（带 Cookie：已登录，有收藏和对比列表）`,
        origin: testOrigin,
        method: "GET",
        path: page,
        cookie: signedIn,
        goal: perVisitor,
      })),
      reference,
      testSite.pid,
    );
  } finally {
    agent.destroy();
    await testSite.stop();
  }
}

await main();
