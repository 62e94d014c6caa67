import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { test, expect, isJavaScriptOn, registerByEmail, submitPasswordLogin } from "./fixtures";

/** The comparison list: 加入对比 / 移出对比 with their toasts, the /user/compare page and the PDF export. */

const STORAGE_KEY = "compare-fonts";
/** A character some catalogue fonts lack and others have. */
const RARE = "龘";

type FontRecord = { fontGNo: string; fontName: string };

async function fontList(request: APIRequestContext, text?: string): Promise<FontRecord[]> {
  const query = new URLSearchParams({ current: "1", size: "100" });
  if (text) query.set("text", text);
  const response = await request.get(`/web/api/font/getFontList?${query}`);
  return (await response.json()).data.records as FontRecord[];
}

/** A font that has `character` and one that lacks it, as the catalogue's can-render filter says. */
async function fontsFor(request: APIRequestContext, character: string) {
  const all = await fontList(request);
  const having = new Set((await fontList(request, character)).map((font) => font.fontGNo));
  const covering = all.find((font) => having.has(font.fontGNo));
  const lacking = all.find((font) => !having.has(font.fontGNo));
  if (!covering || !lacking) throw new Error(`目录里找不到有与没有“${character}”的两款字体`);
  return { covering, lacking, all };
}

function control(page: Page, gno: string) {
  return page.locator(`button[data-compare="${gno}"]`).first();
}

function toast(page: Page, message: string) {
  return page.locator(".toaster .toast__message", { hasText: message });
}

async function setCookieList(context: BrowserContext, baseURL: string | undefined, gnos: string[]) {
  await context.addCookies([{ name: "compare-fonts", value: gnos.join("."), url: baseURL ?? "http://127.0.0.1:3310" }]);
}

async function cookieList(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === "compare-fonts")?.value;
}

test.describe("字体对比", () => {
  test("加入、重复加入、移出、移出不存在的：提示文字准确", async ({ page, context, request }, info) => {
    const { covering: font } = await fontsFor(request, RARE);
    // Two pages open at once: the second still shows what the list was when it was drawn.
    await page.goto(`/font/${font.fontGNo}`);
    const other = await context.newPage();
    await other.goto(`/font/${font.fontGNo}`);
    // With JavaScript the control reads the list again once the page has hydrated: the second page
    // must have done so before the first one changes the list.
    if (isJavaScriptOn(info.project.name)) await other.waitForLoadState("networkidle");

    await expect(control(page, font.fontGNo)).toHaveText("加入对比");
    await control(page, font.fontGNo).click();
    await expect(toast(page, "添加对比成功")).toBeVisible();
    await expect(control(page, font.fontGNo)).toHaveText("移出对比");
    expect(await cookieList(context)).toBe(font.fontGNo);
    if (isJavaScriptOn(info.project.name)) {
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe(JSON.stringify([font.fontGNo]));
    }

    await expect(control(other, font.fontGNo)).toHaveText("加入对比");
    await control(other, font.fontGNo).click();
    await expect(toast(other, "请勿重复添加")).toBeVisible();
    await expect(control(other, font.fontGNo)).toHaveText("移出对比");
    await control(other, font.fontGNo).click();
    await expect(toast(other, "移除对比成功")).toBeVisible();
    await expect(control(other, font.fontGNo)).toHaveText("加入对比");
    expect(await cookieList(context)).toBeUndefined();

    // The first page still offers 移出对比 for a font no longer in the list.
    await expect(control(page, font.fontGNo)).toHaveText("移出对比");
    await control(page, font.fontGNo).click();
    await expect(toast(page, "字体不存在")).toBeVisible();
    await expect(control(page, font.fontGNo)).toHaveText("加入对比");
  });

  test("列表页的字体卡片能加入对比，满 10 款时说明上限", async ({ page, request, context, baseURL }, info) => {
    const { all } = await fontsFor(request, RARE);
    test.skip(all.length < 11, "目录不足 11 款字体");
    // The first font of the list (page 1 of the default sort) is the one left out of a full list.
    const [first, ...rest] = all;
    await setCookieList(
      context,
      baseURL,
      rest.slice(0, 10).map((font) => font.fontGNo),
    );
    await page.goto("/font");
    let documents = 0;
    page.on("request", (request) => void (request.resourceType() === "document" && documents++));
    await expect(control(page, first!.fontGNo)).toHaveText("加入对比");
    await control(page, first!.fontGNo).click();
    await expect(toast(page, "最多对比 10 款字体")).toBeVisible();
    await expect(control(page, first!.fontGNo)).toHaveText("加入对比");
    // With JavaScript the list's controls, kept as the server sent them, answer in the page.
    if (isJavaScriptOn(info.project.name)) expect(documents).toBe(0);
  });

  test("别的访客打开过的页面由模板拼成：每个访客仍看到自己的对比列表，有 JS 时照常可点", async ({
    page,
    context,
    browser,
    request,
    baseURL,
  }, info) => {
    const { all } = await fontsFor(request, RARE);
    const [listed, unlisted] = all;
    const javaScriptOn = isJavaScriptOn(info.project.name);
    // Another visitor with a list of their own opens the page first: it is kept as a template.
    const other = await browser.newContext({ baseURL });
    await setCookieList(other, baseURL, [unlisted!.fontGNo]);
    // A page is kept from the second time its address is asked for.
    for (let ask = 0; ask < 2; ask++) expect((await other.request.get("/font")).status()).toBe(200);
    await other.close();

    await setCookieList(context, baseURL, [listed!.fontGNo]);
    const answer = await page.goto("/font");
    expect(answer?.headers()["x-page-cache"]).toBe("template");
    let documents = 0;
    page.on("request", (request) => void (request.resourceType() === "document" && documents++));
    await expect(control(page, listed!.fontGNo)).toHaveText("移出对比");
    await expect(control(page, unlisted!.fontGNo)).toHaveText("加入对比");
    await control(page, unlisted!.fontGNo).click();
    await expect(toast(page, "添加对比成功")).toBeVisible();
    await expect(control(page, unlisted!.fontGNo)).toHaveText("移出对比");
    await expect.poll(() => cookieList(context)).toBe(`${listed!.fontGNo}.${unlisted!.fontGNo}`);
    // With JavaScript the page hydrated from the template: the click changed local storage, not a form post.
    if (javaScriptOn) {
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe(
        JSON.stringify([listed!.fontGNo, unlisted!.fontGNo]),
      );
      expect(documents).toBe(0);
      // The list is rendered by React from then on: the same control takes the font out again.
      await control(page, unlisted!.fontGNo).click();
      await expect(toast(page, "移除对比成功")).toBeVisible();
      // Done once: the listener around the list leaves a press the control handled alone (a second
      // removal would have said 字体不存在 with the same press; read now, before toasts time out).
      expect(await toast(page, "字体不存在").count()).toBe(0);
      await expect(control(page, unlisted!.fontGNo)).toHaveText("加入对比");
      expect(documents).toBe(0);
    }
  });

  test("本地存储的 compare-fonts 刷新后仍在，并同步到 Cookie 供服务端渲染", async ({
    page,
    context,
    request,
  }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "本地存储只在有 JavaScript 时使用");
    const { covering, lacking } = await fontsFor(request, RARE);
    await page.goto(`/font/${covering.fontGNo}`);
    await control(page, covering.fontGNo).click();
    await expect(toast(page, "添加对比成功")).toBeVisible();
    await page.reload();
    await expect(control(page, covering.fontGNo)).toHaveText("移出对比");
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBe(
      JSON.stringify([covering.fontGNo]),
    );

    // The list is read from local storage on every page, and the cookie follows it.
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [STORAGE_KEY, JSON.stringify([lacking.fontGNo, covering.fontGNo])],
    );
    await page.goto(`/font/${lacking.fontGNo}`);
    await expect(control(page, lacking.fontGNo)).toHaveText("移出对比");
    await expect.poll(() => cookieList(context)).toBe(`${lacking.fontGNo}.${covering.fontGNo}`);
    const served = await (await context.request.get("/user/compare")).text();
    expect(served).toContain(`data-compare-font="${lacking.fontGNo}"`);
    expect(served).toContain(`data-compare-font="${covering.fontGNo}"`);
  });

  test("访客的对比列表在登录后保留", async ({ page, request }) => {
    const { covering } = await fontsFor(request, RARE);
    const { email, password } = await registerByEmail(request, { prefix: "cmp", password: "Compare-pass-1" });
    await page.goto(`/font/${covering.fontGNo}`);
    await control(page, covering.fontGNo).click();
    await expect(toast(page, "添加对比成功")).toBeVisible();

    await page.goto("/account/login?mode=password&redirect=%2Fuser%2Fcompare");
    await submitPasswordLogin(page, email, password);
    await expect(page).toHaveURL(/\/user\/compare/);
    await expect(page.locator(`[data-compare-font="${covering.fontGNo}"]`)).toBeVisible();
  });

  test("对比页：访客可用；同一段文字，缺字以虚线框标出；下载链接；移出；空状态", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { covering, lacking } = await fontsFor(request, RARE);
    await setCookieList(context, baseURL, [covering.fontGNo, lacking.fontGNo]);
    const text = `${RARE}字体对比`;
    const response = await page.goto(`/user/compare?text=${encodeURIComponent(text)}&size=64&theme=dark&layout=grid`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/user\/compare/);
    await expect(page.getByRole("heading", { name: "字体对比", level: 1 })).toBeVisible();
    await expect(page.locator(".compare-list--grid")).toBeVisible();

    const having = page.locator(`[data-compare-font="${covering.fontGNo}"]`);
    const missing = page.locator(`[data-compare-font="${lacking.fontGNo}"]`);
    for (const card of [having, missing]) {
      await expect(card.locator("[data-preview]")).toContainText("字体对比");
      await expect(card.locator("[data-preview]")).toHaveCSS("font-size", "64px");
      await expect(card.locator("[data-theme=dark]")).toBeVisible();
      await expect(card.locator(".license-badge")).toBeVisible();
      await expect(card.locator("[data-commercial]")).toHaveText(/可商用|不可商用/);
    }
    await expect(having.locator("[data-missing]")).toHaveCount(0);
    await expect(having.locator("[data-coverage]")).toHaveText("这段文字的字都有");
    const box = missing.locator(`[data-missing="${RARE}"]`);
    await expect(box).toBeVisible();
    await expect(box).toContainText("缺字");
    await expect(box).toHaveCSS("border-top-style", "dashed");
    await expect(missing.locator("[data-coverage]")).toHaveText(`缺 1 个字：${RARE}`);
    await expect(missing.getByRole("link", { name: "下载" })).toHaveAttribute(
      "href",
      `/font/${lacking.fontGNo}?download=1#download`,
    );

    await control(page, lacking.fontGNo).click();
    await expect(toast(page, "移除对比成功")).toBeVisible();
    await expect(missing).toHaveCount(0);
    await expect(having).toBeVisible();
    await control(page, covering.fontGNo).click();
    await expect(page.getByRole("heading", { name: "对比列表是空的" })).toBeVisible();
    await expect(page.getByRole("link", { name: "去字体列表挑选" })).toHaveAttribute("href", "/font");
  });

  test("导出 PDF：下载的文件嵌入字体子集，对比文字可提取", async ({ page, context, request, baseURL }) => {
    const { covering, lacking } = await fontsFor(request, RARE);
    await setCookieList(context, baseURL, [covering.fontGNo, lacking.fontGNo]);
    const text = "点赞关注不迷路";
    await page.goto(`/user/compare?text=${encodeURIComponent(text)}`);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "导出 PDF" }).click();
    const download = await downloading;
    const file = path.join(mkdtempSync(path.join(tmpdir(), "compare-e2e-")), "compare.pdf");
    await download.saveAs(file);

    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" }).trim().split("\n").slice(2);
    expect(fonts).toHaveLength(3); // two compared fonts and the labels font
    for (const line of fonts) {
      expect(line).toMatch(/^[A-Z]{6}\+/);
      expect(line).toMatch(/\byes\s+yes\s+yes\b/); // embedded, subset, ToUnicode
    }
    const extracted = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/\s+/g, "");
    expect(extracted).toContain("字体对比");
    expect(extracted.split(text).length - 1).toBe(2);
  });

  test("导出 PDF：参数不对时给出 4xx 中文说明", async ({ request }) => {
    const malformed = await request.get("/pdf/compare?gno=abc");
    expect(malformed.status()).toBe(400);
    expect(await malformed.text()).toContain("字体编号");
    const unknown = await request.get("/pdf/compare?gno=999999999");
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain("不存在");
    const tooMany = await request.get(
      `/pdf/compare?${Array.from({ length: 11 }, (_, i) => `gno=${10001 + i}`).join("&")}`,
    );
    expect(tooMany.status()).toBe(400);
    expect(await tooMany.text()).toContain("最多对比 10 款字体");
    const huge = await request.get(`/pdf/compare?gno=10001&text=${encodeURIComponent("字".repeat(300))}`);
    expect(huge.status()).toBe(400);
    const empty = await request.get("/pdf/compare");
    expect(empty.status()).toBe(400);
    expect(await empty.text()).toContain("对比列表是空的");
  });
});
