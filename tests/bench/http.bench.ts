/**
 * HTTP benchmark (not a test): starts the built site in a child process on loopback, then loads
 * /font, /font/{id} and the subset endpoint from this process, each beside the trivial /healthz
 * route of the same server measured in the same run, and prints the ratios.
 *
 *   npm run build && npm run bench:http   (BENCH_SECONDS=5 BENCH_CONCURRENCY=16 to tune)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import http from "node:http";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const port = Number(process.env.BENCH_PORT ?? 3390);
const origin = `http://127.0.0.1:${port}`;

type Target = { name: string; method: "GET" | "POST"; path: string; body?: string };
type Result = { requests: number; errors: number; perSecond: number; p50: number; p95: number; p99: number };

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function request(target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      `${origin}${target.path}`,
      {
        method: target.method,
        agent,
        headers: target.body ? { "content-type": "application/json" } : {},
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

async function load(target: Target): Promise<Result> {
  for (let i = 0; i < 20; i++) await request(target); // warm-up: caches, JIT, subset faces
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
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
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("服务器未能在 240 秒内启动");
}

async function firstFontId(): Promise<string> {
  const response = await fetch(`${origin}/web/api/font/getFontList?current=1&size=1`);
  const body = (await response.json()) as { data: { records: Array<{ fontGNo: string }> } };
  return body.data.records[0].fontGNo;
}

function format(result: Result): string {
  return `${result.perSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  (${result.requests} ok, ${result.errors} errors)`;
}

async function main() {
  if (!existsSync("build/index.js")) throw new Error("先运行 npm run build");
  const dataDir = mkdtempSync(path.join(tmpdir(), "ziti-bench-"));
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitForHealth();
    const id = await firstFontId();
    const targets: Target[] = [
      { name: "/font", method: "GET", path: "/font" },
      { name: `/font/${id}`, method: "GET", path: `/font/${id}` },
      {
        name: "POST /webfont/http",
        method: "POST",
        path: "/webfont/http",
        body: JSON.stringify([{ gno: id, text: "短视频字体点赞关注不迷路" }]),
      },
    ];
    console.log(`并发 ${concurrency}，每项 ${seconds} 秒，回环地址 ${origin}`);
    for (const target of targets) {
      const reference = await load({ name: "/healthz", method: "GET", path: "/healthz" });
      const measured = await load(target);
      console.log(`\n${target.name}\n  measured  ${format(measured)}\n  /healthz  ${format(reference)}`);
      console.log(
        `  ratio     throughput ${(measured.perSecond / reference.perSecond).toFixed(3)}×, p50 latency ${(measured.p50 / reference.p50).toFixed(1)}×, p95 latency ${(measured.p95 / reference.p95).toFixed(1)}×`,
      );
    }
  } finally {
    server.kill("SIGTERM");
    agent.destroy();
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
