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

export type BuiltSite = { origin: string; pid: number | undefined; stop(): Promise<void> };

/**
 * The built site (`build/server/server.js`, as `npm start` runs it) in a child process on loopback,
 * on a fresh data directory, once it answers /healthz; `stop()` ends it and removes the directory.
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
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: server.pid, stop };
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
