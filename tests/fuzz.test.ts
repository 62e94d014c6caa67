/**
 * Bad input never answers 5xx: every API endpoint of the contract and every route of the built
 * website, with every method, hostile path parameters, queries, headers and bodies (empty, wrong
 * types, huge, NUL, broken multipart, invalid UTF-8, deep JSON, repeated keys), signed out and
 * signed in, and raw requests no HTTP client would send. Afterwards the server still answers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { format } from "node:util";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readWebsiteConfig } from "../app/config.server.js";
import { readServerConfig } from "../backend/config.js";
import { startServer, type RunningServer } from "../server.js";
import { registerByEmail } from "./api-account.js";
import { failureTable, sendAll } from "./fuzz/http-client.js";
import { fuzzPlan } from "./fuzz/plan.js";
import { apiTargets, pageTargets } from "./fuzz/targets.js";

/** Requests in flight at once: enough to overlap page renders, few enough for two cores. */
const CONCURRENCY = 8;

describe("fuzz: no 5xx from bad input", () => {
  let server: RunningServer;
  let dataDir: string;
  let build: ServerBuild;
  /** What the server logs while it is fuzzed: the stack traces behind any failure. */
  const serverLog: string[] = [];
  const originalConsole = { error: console.error, warn: console.warn, info: console.info };

  beforeAll(async () => {
    build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
    dataDir = mkdtempSync(path.join(tmpdir(), "ziti-fuzz-"));
    for (const level of ["error", "warn", "info"] as const) {
      console[level] = (...args: unknown[]) => void serverLog.push(format(...args));
    }
    server = await startServer(
      readServerConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "test", CAPTCHA: "off" }),
      {
        website: readWebsiteConfig({ NODE_ENV: "test" }),
        // Short, so a request whose body never arrives ends in seconds.
        connectionTimeouts: { headersMs: 2_000, requestMs: 4_000, keepAliveMs: 2_000 },
      },
    );
  });

  afterAll(async () => {
    await server?.close();
    Object.assign(console, originalConsole);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every route and endpoint below 500, whatever it is sent, and still serves afterwards", async () => {
    const token = await registerByEmail(server.url, { prefix: "fuzz", password: "fuzz correct horse" });
    const origin = new URL(server.url);
    const targets = [...apiTargets(), ...pageTargets(build)];
    expect(targets.filter((target) => target.kind === "api").length).toBeGreaterThan(40);
    expect(targets.filter((target) => target.kind !== "api").length).toBeGreaterThan(40);

    const signedIn = { Cookie: `token=${token}`, Authorization: `Bearer ${token}`, token };
    const { probes, raw } = fuzzPlan(targets, signedIn, origin.host);
    const answers = await sendAll(origin, [...probes, ...raw], CONCURRENCY);
    expect(answers.length).toBeGreaterThan(2_500);

    // No 503 either: that is for a damaged font file on disk, which nothing here creates.
    const failures = answers.filter((answer) => answer.status >= 500 || answer.status <= 0);
    const errors = [...new Set(serverLog.filter((line) => /\n\s+at /.test(line)).map((line) => line.slice(0, 1_200)))];
    const report = [
      failureTable(failures),
      `Server log, ${Math.min(errors.length, 10)} of ${errors.length} distinct stack traces:`,
      ...errors.slice(0, 10),
    ].join("\n\n");
    // Soft: whether the server still answers is worth knowing either way.
    expect.soft(failures.length, report).toBe(0);
    // Refusals are expected: each is at most one line, with no stack trace and no framework text.
    expect.soft(errors, report).toEqual([]);
    expect.soft(serverLog.filter((line) => /You made a|did not provide an `action`/.test(line))).toEqual([]);

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const page = await fetch(`${server.url}/font`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("</html>");
    const api = await fetch(`${server.url}/web/api/account/user-info`, { headers: signedIn });
    expect(((await api.json()) as { code: string }).code, "the session survived the fuzz").toBe("200");
    // 65–85 s on two cores shared with other suites (the server renders in development mode); the margin is for a busier machine.
  }, 240_000);
});
