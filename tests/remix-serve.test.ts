import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The website deployed alone: `remix-serve build/server/index.js` (no server.ts, no load context) talking
 * to the backend started as its own process (`server.ts --backend-only`), as an operator would run them.
 */

const root = path.resolve(__dirname, "..");
const built = existsSync(path.join(root, "build/server/index.js"));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

type Started = { child: ChildProcess; output: () => string };

/** Spawns `args` and resolves once its output matches `ready` (the process's own start-up line). */
function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<Started & { match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = ready.exec(output);
      if (match) resolve({ child, output: () => output, match });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited (${code}):\n${output}`)));
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

describe.skipIf(!built)("the website under remix-serve with the backend as its own process", () => {
  let dataDir: string;
  let backend: Started | undefined;
  let website: Started | undefined;
  let backendUrl = "";
  let siteUrl = "";

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "ziti-remix-serve-"));
    const startedBackend = await startProcess(
      ["build/server/server.js", "--backend-only"],
      // Its subsets made in a worker thread, as the compiled server starts it (build/server/subset-worker.js).
      { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "test", CAPTCHA: "off", SUBSET_THREADS: "1" },
      /后端已启动: (http:\/\/\S+)/,
    );
    backend = startedBackend;
    backendUrl = startedBackend.match[1]!;
    const port = await freePort();
    website = await startProcess(
      [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "build/server/index.js"],
      {
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        API_BASE: backendUrl,
        SUBSET_BASE: backendUrl,
      },
      /\[remix-serve\] http:/,
    );
    siteUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await stop(website?.child);
    await stop(backend?.child);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function page(pathname: string) {
    const response = await fetch(`${siteUrl}${pathname}`);
    return { status: response.status, html: await response.text(), headers: response.headers };
  }

  it("the home page lists catalogue fonts read from the separate backend", async () => {
    const fonts = await (await fetch(`${backendUrl}/web/api/font/getFontList?current=1&size=3&sort=hot`)).json();
    const names = (fonts.data.records as Array<{ familyName: string }>).map((font) => font.familyName);
    expect(names.length).toBeGreaterThan(0);
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(names.some((name) => html.includes(name))).toBe(true);
    expect(website!.output()).not.toMatch(/Error/);
  });

  it("/font shows the font list with its previews' subset faces from SUBSET_BASE", async () => {
    const { status, html } = await page("/font");
    expect(status).toBe(200);
    expect(html).toContain('data-layout="');
    expect(html).toMatch(/data-font-gno="[^"]+"/);
    // The subset faces are declared with the backend's address, where the browser fetches them.
    expect(html).toContain(`${backendUrl}/webfont/files/`);
    const face = new RegExp(`${backendUrl}/webfont/files/[0-9a-f]{32}\\.woff`).exec(html)![0];
    const file = await fetch(face);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 4)
        .toString("latin1"),
    ).toBe("wOFF");
  });

  it("a font page shows the font's name and full name", async () => {
    const list = await (await fetch(`${backendUrl}/web/api/font/getFontList?current=1&size=1`)).json();
    const font = list.data.records[0] as { fontGNo: string; familyName: string; fontName: string };
    const { status, html } = await page(`/font/${font.fontGNo}`);
    expect(status).toBe(200);
    expect(html).toContain(`<h1>${font.familyName}`);
    expect(html).toContain(font.fontName);
    expect(html).not.toContain("\u0000");
  });

  it("unknown pages answer 404 and no page is answered with a Content-Security-Policy nonce it cannot honour", async () => {
    const { status, html, headers } = await page("/no-such-page-here");
    expect(status).toBe(404);
    expect(headers.get("content-security-policy")).toBeNull();
    expect(html).not.toMatch(/nonce="[^"]/);
  });
});
