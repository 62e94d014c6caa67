import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, isJavaScriptOn, test } from "./fixtures";

/**
 * `npm run dev`: the site served from its sources through Vite, and an edit to a page's module
 * reaching a page already open in the browser without reloading it (React Fast Refresh over Vite's
 * hot-reload socket), and the next request for the page, rendered on the server, showing it too.
 * The dev server starts once, in the JavaScript-on project; the page without scripts is opened in
 * a second context of the same run.
 */
const rootDir = path.resolve(import.meta.dirname, "../..");
const editedModule = path.join(rootDir, "app/routes/_default+/agreement+/font.tsx");
const HEADING = "<h1>字体授权协议</h1>";
const EDITED_HEADING = "<h1>字体授权协议（开发中的修改）</h1>";

/**
 * Saves the module the way an editor's safe write does: the whole new text appears at once. An
 * in-place write is seen by the watcher first as an emptied file, and the event for the finished
 * write can fall inside the watcher's few-millisecond throttle, so the server would be left with
 * the empty module.
 */
function saveModule(text: string) {
  const scratchDir = path.join(rootDir, "node_modules/.cache");
  mkdirSync(scratchDir, { recursive: true });
  const scratchFile = path.join(scratchDir, `dev-server-edit-${process.pid}.tsx`);
  writeFileSync(scratchFile, text);
  renameSync(scratchFile, editedModule);
}

let devServer: ChildProcess | undefined;
let devServerOutput = "";
let devUrl = "";
let dataDir = "";
let originalSource = "";

test.describe("the development server (npm run dev)", () => {
  test.beforeAll(async () => {
    const testInfo = test.info();
    if (!isJavaScriptOn(testInfo.project.name)) return;
    testInfo.setTimeout(120_000);
    originalSource = readFileSync(editedModule, "utf8");
    expect(originalSource).toContain(HEADING);
    dataDir = mkdtempSync(path.join(tmpdir(), "ziti-dev-"));
    devServer = spawn("npm", ["run", "dev"], {
      cwd: rootDir,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SMTP_URL: "", SMS_GATEWAY_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    devUrl = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        devServerOutput += chunk.toString("utf8");
        const started = /短视频字体 已启动: (http:\/\/\S+)/.exec(devServerOutput);
        if (started) resolve(started[1]!);
      };
      devServer!.stdout!.on("data", read);
      devServer!.stderr!.on("data", read);
      devServer!.on("exit", (code) => reject(new Error(`npm run dev 退出（${code}）：\n${devServerOutput}`)));
    });
  });

  test.afterAll(async () => {
    if (originalSource && readFileSync(editedModule, "utf8") !== originalSource) {
      saveModule(originalSource);
    }
    if (devServer?.pid) {
      const exited = new Promise((resolve) => devServer!.once("exit", resolve));
      process.kill(-devServer.pid, "SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("an edit to a page's module reaches the open page without a reload, and the server's next page", async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(
      !isJavaScriptOn(testInfo.project.name),
      "开发服务器只在开启脚本的一轮启动，无脚本的页面在其中另开窗口检查",
    );
    testInfo.setTimeout(120_000);
    // The page's scripts come from Vite's dev server, which opens its hot-reload socket and
    // greets it; an edit made before that would reach no page.
    let socketGreeted = false;
    const serverReports: string[] = [];
    page.on("websocket", (socket) =>
      socket.on("framereceived", (frame) => {
        const payload = String(frame.payload);
        if (payload.includes('"type":"connected"')) socketGreeted = true;
        if (payload.includes('"type":"error"') || payload.includes('"type":"full-reload"')) serverReports.push(payload);
      }),
    );
    await page.goto(`${devUrl}/agreement/font`);
    const heading = page.getByRole("heading", { level: 1 });
    // Errors and reloads the server sent over the socket, and what it printed, explain a page
    // that did not follow an edit or was reloaded.
    const explained = async (check: () => Promise<void>) => {
      try {
        await check();
      } catch (error) {
        throw new Error(
          `${String(error)}\n开发服务器发来的报错与重新载入：${serverReports.join("\n")}\n输出：\n${devServerOutput.slice(-4000)}`,
          { cause: error },
        );
      }
    };
    const followsEdit = (text: string) => explained(() => expect(heading).toHaveText(text, { timeout: 30_000 }));
    await expect(heading).toHaveText("字体授权协议");
    await expect.poll(() => socketGreeted, { timeout: 30_000 }).toBe(true);
    await page.evaluate(() => ((window as Window & { notReloaded?: boolean }).notReloaded = true));

    saveModule(originalSource.replace(HEADING, EDITED_HEADING));
    await followsEdit("字体授权协议（开发中的修改）");
    await explained(async () =>
      expect(await page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded)).toBe(true),
    );

    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const plainPage = await withoutScripts.newPage();
    await plainPage.goto(`${devUrl}/agreement/font`);
    await expect(plainPage.getByRole("heading", { level: 1 })).toHaveText("字体授权协议（开发中的修改）");
    await withoutScripts.close();

    saveModule(originalSource);
    await followsEdit("字体授权协议");
  });
});
