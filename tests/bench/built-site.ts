import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The environment (`NAME=value` before `node`) and the options `npm start` gives Node (package.json),
 * so the benches measure the same process.
 */
const [, startAssignments = "", startOptions = ""] =
  /((?:\w+=\S+\s+)*)node (.*?)build\/server\/server\.js/.exec(
    (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.start,
  ) ?? [];
const startEnvironment = Object.fromEntries(
  startAssignments
    .split(/\s+/)
    .filter(Boolean)
    .map((assignment) => [assignment.slice(0, assignment.indexOf("=")), assignment.slice(assignment.indexOf("=") + 1)]),
);
const startNodeOptions = startOptions.split(" ").filter(Boolean);

export type BuiltSite = {
  origin: string;
  pid: number | undefined;
  /** From the first answer of /healthz until the server's start-up work in the background was done. */
  settledAfterMs: number;
  /** Settles once the server has nothing left running in the background (see `startBuiltSite`). */
  settled(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * The built site (`build/server/server.js`, as `npm start` runs it) in a child process on loopback,
 * on a fresh data directory, once it answers /healthz and has done the work it starts in the
 * background (the fonts' digests, the faces of the fonts its pages show made ready): the benches measure
 * the server visitors meet once it runs, and print how long that start-up work took.
 * `stop()` ends it and removes the directory.
 */
export async function startBuiltSite(port: number, env: Record<string, string> = {}): Promise<BuiltSite> {
  if (!existsSync("build/server/index.js") || !existsSync("build/server/server.js"))
    throw new Error("先运行 npm run build");
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "ziti-bench-"));
  const server = spawn(process.execPath, [...startNodeOptions, "build/server/server.js"], {
    env: {
      ...process.env,
      ...startEnvironment,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      COOKIE_SECURE: "false",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin);
    const settled = () => waitUntilSettled(server.pid);
    return { origin, pid: server.pid, settledAfterMs: await settled(), settled, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** CPU milliseconds the process `pid` has used so far, all its threads (Linux), or NaN elsewhere. */
export function processCpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS_PER_SECOND);
  } catch {
    return NaN;
  }
}
/** USER_HZ, 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * A server using less CPU than SETTLED_CPU_SHARE for SETTLED_QUIET_MS, unasked, has nothing left
 * running: longer than the pause before the server starts its background work.
 */
const SETTLED_CPU_SHARE = 0.05;
const SETTLED_QUIET_MS = 2_500;
const SETTLE_STEP_MS = 250;

/**
 * Ms from now until the process `pid` was last busy before SETTLED_QUIET_MS of quiet (0 where its CPU
 * time cannot be read); 120 s at most.
 */
async function waitUntilSettled(pid: number | undefined): Promise<number> {
  const started = Date.now();
  let lastBusy = started;
  let before = processCpuMs(pid);
  if (!Number.isFinite(before)) return 0;
  while (Date.now() - lastBusy < SETTLED_QUIET_MS && Date.now() - started < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
    const now = processCpuMs(pid);
    // CPU time moves in ticks of 10 ms: a quarter second needs more than a tick or two to count as busy.
    if (now - before > SETTLED_CPU_SHARE * SETTLE_STEP_MS + 10) lastBusy = Date.now();
    before = now;
  }
  return lastBusy - started;
}

async function waitForHealth(origin: string): Promise<void> {
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
