import { readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, isJavaScriptOn } from "./fixtures";

/**
 * The font list filtered by a subtitle file chosen on /font itself: a multipart post to the list's
 * action answered with the list's GET address (shareable, back and forward work), chosen and sent at
 * once with JavaScript. The file holds 龘, which few of the catalogue's fonts have.
 */

const FIXTURE = path.join(import.meta.dirname, "files", "rare-character.srt");
const FILE_NAME = "rare-character.srt";

const listed = (page: Page) =>
  page
    .locator(".font-results [data-font-gno]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-font-gno")));

/** The fonts the catalogue says can show every character of the fixture's cues. */
async function coveringFonts(request: APIRequestContext): Promise<{ gnos: string[]; all: number }> {
  const cues = (await readFile(FIXTURE, "utf8"))
    .split("\n")
    .filter((line) => line.trim() !== "" && !/^\d+$/.test(line) && !line.includes("-->"));
  const response = await request.post("/web/api/font/coverage", { data: { text: cues.join("") } });
  const body = (await response.json()) as { data: Array<{ fontGNo: string; missing: string }> };
  return { gnos: body.data.filter((font) => font.missing === "").map((font) => font.fontGNo), all: body.data.length };
}

async function chooseSubtitle(page: Page, jsOn: boolean, file: string | Parameters<Page["setInputFiles"]>[1]) {
  // The form is folded under its summary until asked for (open by itself after a refused file).
  const details = page.locator("details.subtitle-filter__details");
  if (!(await details.evaluate((element: HTMLDetailsElement) => element.open))) {
    await page.locator("summary", { hasText: "按字幕文件筛选" }).click();
  }
  await page.getByLabel("字幕文件", { exact: true }).setInputFiles(file);
  // With JavaScript, choosing the file sends it; without, the form's button does.
  if (!jsOn) await page.getByRole("button", { name: "筛选", exact: true }).click();
}

test.describe("字体列表：按字幕文件筛选", () => {
  test("上传字幕：只列出能显示每一个字的字体，地址可分享，其他筛选保留，可清除，可后退", async ({
    page,
    request,
  }, info) => {
    const jsOn = isJavaScriptOn(info.project.name);
    const { gnos, all } = await coveringFonts(request);
    // The fixture narrows the list, to fonts that fit on one page.
    expect(gnos.length).toBeGreaterThan(0);
    expect(gnos.length).toBeLessThan(all);
    expect(gnos.length).toBeLessThanOrEqual(10);

    await page.goto("/font?text=%E9%BE%98%E5%AD%97&theme=dark");
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));
    await chooseSubtitle(page, jsOn, FIXTURE);

    await expect(page).toHaveURL(
      /\/font\?fonts=[\d.]+&subtitle=rare-character\.srt&text=%E9%BE%98%E5%AD%97&theme=dark$/,
    );
    const active = page.getByTestId("subtitle-filter-active");
    await expect(active).toContainText(`按字幕“${FILE_NAME}”筛选：${gnos.length} 款字体能显示其中的每一个字`);
    await expect(page.locator("[data-total]")).toHaveAttribute("data-total", String(gnos.length));
    expect((await listed(page)).sort()).toEqual([...gnos].sort());
    // The other filters stay.
    await expect(page.getByRole("textbox", { name: "预览文字" })).toHaveValue("龘字");
    await expect(page.locator(".font-page")).toHaveAttribute("data-theme", "dark");
    if (jsOn) {
      // No page load: the page's own state survived.
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");
    }

    // The address alone gives the same list: it can be shared.
    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect(other.getByTestId("subtitle-filter-active")).toContainText(`${gnos.length} 款字体`);
    expect((await listed(other)).sort()).toEqual([...gnos].sort());
    await other.close();

    await page.goBack();
    await expect(page).toHaveURL(/\/font\?text=%E9%BE%98%E5%AD%97&theme=dark$/);
    await expect(page.getByTestId("subtitle-filter-active")).toHaveCount(0);
    await page.goForward();
    await expect(page.getByTestId("subtitle-filter-active")).toContainText(FILE_NAME);

    await page.getByRole("link", { name: "清除字幕筛选" }).click();
    await expect(page).toHaveURL(/\/font\?text=%E9%BE%98%E5%AD%97&theme=dark$/);
    await expect(page.getByTestId("subtitle-filter-active")).toHaveCount(0);
    expect(Number(await page.locator("[data-total]").getAttribute("data-total"))).toBeGreaterThan(gnos.length);
  });

  test("字幕筛选后再改预览文字，筛选保留", async ({ page }, info) => {
    const jsOn = isJavaScriptOn(info.project.name);
    await page.goto("/font");
    await chooseSubtitle(page, jsOn, FIXTURE);
    await expect(page).toHaveURL(/subtitle=rare-character\.srt/);
    await page.getByRole("textbox", { name: "预览文字" }).fill("飞龙");
    if (!jsOn) await page.getByRole("button", { name: "预览", exact: true }).click();
    await expect(page).toHaveURL(/text=%E9%A3%9E%E9%BE%99/);
    await expect(page).toHaveURL(/fonts=[\d.]+&subtitle=rare-character\.srt/);
    await expect(page.getByTestId("subtitle-filter-active")).toContainText(FILE_NAME);
  });

  test("坏文件：中文说明，其他筛选保留，不出 5xx", async ({ page, consoleGuard }, info) => {
    consoleGuard.allow(/status of 400/);
    const jsOn = isJavaScriptOn(info.project.name);
    const cases = [
      { name: "notes.srt", buffer: Buffer.from("这不是字幕\n没有时间轴"), message: "无法解析这个SRT字幕文件" },
      { name: "photo.png", buffer: Buffer.from("\x89PNG\r\n"), message: "只支持 .srt、.vtt、.ass 和 .ssa 字幕文件" },
      { name: "huge.srt", buffer: Buffer.alloc(2 * 1024 * 1024 + 1, "字"), message: "字幕文件不能超过 2 MB" },
    ];
    for (const { name, buffer, message } of cases) {
      await page.goto("/font?text=%E6%A0%87%E9%A2%98&sort=new");
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await chooseSubtitle(page, jsOn, { name, mimeType: "application/octet-stream", buffer });
      expect((await answer).status(), name).toBe(400);
      await expect(page.getByRole("alert").filter({ hasText: message }), name).toBeVisible();
      await expect(page.getByRole("textbox", { name: "预览文字" })).toHaveValue("标题");
      await expect(page.getByRole("combobox", { name: "排序" })).toHaveValue("new");
      await expect(page.getByTestId("subtitle-filter-active")).toHaveCount(0);
    }
  });
});
