import type { APIRequestContext } from "@playwright/test";
import fs from "node:fs/promises";
import { test, expect, isJavaScriptOn, registerByEmail, firstFonts, signIn } from "./fixtures";

type Envelope<T> = { code: string; message: string; data: T };

const NICKNAME = "字体收藏家";

/** Registers a user through the API and answers the token. */
async function register(request: APIRequestContext): Promise<string> {
  const { token } = await registerByEmail(request, { prefix: "uc", password: "user-centre-1", nickname: NICKNAME });
  return token;
}

test.describe("user centre: downloads, messages and the overview", () => {
  test("a download through the site is the catalogue's file and appears in the history, which filters by name", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const token = await register(request);
    await signIn(context, baseURL, token);
    const [gno] = await firstFonts(request, 1);
    const catalogued = Buffer.from(await (await request.get(`/api/v1/web/${gno}/download`)).body());

    await page.goto(`/font/${gno}?download=1#download`);
    const dialog = page.getByRole("dialog");
    // The weight's TTF (each weight also offers a WOFF2 for the web).
    const link = dialog.locator(`li[data-font-gno="${gno}"] a[download$=".ttf"]`);
    await expect(link).toHaveAttribute("href", `/font/${gno}/download`);
    const fileName = (await link.getAttribute("download"))!;
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = await fs.readFile((await download.path())!);
    expect(saved.equals(catalogued)).toBe(true);

    await page.goto("/user/download");
    const item = page.locator(`.download-history li[data-font-gno="${gno}"]`);
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(fileName);
    await expect(item.getByRole("link", { name: `再次下载 ${fileName}` })).toHaveAttribute(
      "href",
      `/font/${gno}/download`,
    );
    const fontName = (await item.locator(".user-list__title").textContent())!.trim();

    await page.getByRole("searchbox", { name: "字体名称" }).fill(fontName.slice(0, 2));
    await page.getByRole("button", { name: "筛选" }).click();
    await expect(page).toHaveURL(/\/user\/download\?keyword=/);
    await expect(page.locator(`.download-history li[data-font-gno="${gno}"]`)).toHaveCount(1);
    await expect(page.getByRole("searchbox", { name: "字体名称" })).toHaveValue(fontName.slice(0, 2));

    await page.getByRole("searchbox", { name: "字体名称" }).fill("没有这种字体");
    await page.getByRole("button", { name: "筛选" }).click();
    await expect(page.getByTestId("download-empty")).toContainText("没有名称包含“没有这种字体”的下载记录");
    await expect(page.getByTestId("download-total")).toContainText("0 条记录");
  });

  test("visitors download the same file, named by the catalogue, without a history", async ({ request }) => {
    const [gno] = await firstFonts(request, 1);
    const response = await request.get(`/font/${gno}/download`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("font/ttf");
    expect(response.headers()["content-disposition"]).toMatch(
      /^attachment; filename=".+\.ttf"; filename\*=UTF-8''.+\.ttf$/,
    );
    const catalogued = Buffer.from(await (await request.get(`/api/v1/web/${gno}/download`)).body());
    expect(Buffer.from(await response.body()).equals(catalogued)).toBe(true);

    const missing = await request.get("/font/999999999/download");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toBe("字体不存在");
    const badFormat = await request.get(`/font/${gno}/download?format=exe`);
    expect(badFormat.status()).toBe(400);
  });

  test("the welcome message: unread badge on the avatar, opened and read, the badge goes", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    await signIn(context, baseURL, await register(request));
    await page.goto("/user");
    await expect(page.getByTestId("header-unread")).toHaveText("1");
    await expect(page.locator("summary.account-menu__summary")).toContainText("1 条未读消息");

    await page.goto("/user/message");
    await expect(page.getByTestId("unread-total")).toHaveText("你有 1 条未读消息");
    await page.getByRole("link", { name: /安全提醒/ }).click();
    await expect(page).toHaveURL(/type=security/);
    await expect(page.getByTestId("message-empty")).toHaveText("还没有安全提醒。");

    await page.getByRole("link", { name: /系统通知/ }).click();
    await expect(page).toHaveURL(/type=system/);
    const welcome = page.locator("li.notice").filter({ hasText: "欢迎加入短视频字体" });
    await expect(welcome).toHaveAttribute("data-read", "false");
    await welcome.getByRole("button", { name: /欢迎加入短视频字体/ }).click();

    await expect(page).toHaveURL(/type=system.*open=\d+|open=\d+.*type=system/);
    await expect(page.getByTestId("notice-content")).toContainText("感谢注册");
    await expect(page.locator("li.notice").filter({ hasText: "欢迎加入短视频字体" })).toHaveAttribute(
      "data-read",
      "true",
    );
    await expect(page.getByTestId("unread-total")).toHaveText("没有未读消息");
    await expect(page.getByTestId("header-unread")).toHaveCount(0);
    if (isJavaScriptOn(testInfo.project.name)) {
      // Opened in place: the page was not reloaded, only its data.
      expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
    }
  });

  test("/user shows the name and counts, each linking to its page", async ({ page, context, request, baseURL }) => {
    await signIn(context, baseURL, await register(request));
    const fonts = await firstFonts(request, 2);
    await context.addCookies([{ name: "compare-fonts", value: fonts.join("."), url: baseURL! }]);
    // Through the site with the visitor's cookie, as the download link does.
    expect((await page.request.get(`/font/${fonts[0]}/download`)).status()).toBe(200);

    await page.goto("/user");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NICKNAME);
    await expect(page.getByTestId("count-unread")).toContainText("1");
    await expect(page.getByTestId("count-downloads")).toContainText("1");
    await expect(page.getByTestId("count-compare")).toContainText("2");
    await expect(page.getByTestId("count-compare")).toHaveAttribute("href", "/user/compare");
    await expect(page.getByTestId("count-folders")).toHaveAttribute("href", "/user/favorite");
    await expect(page.getByTestId("count-favorite-fonts")).toHaveAttribute("href", "/user/favorite");
    await expect(page.getByRole("list", { name: "最新消息" })).toContainText("欢迎加入短视频字体");

    await page.getByTestId("count-downloads").click();
    await expect(page).toHaveURL(/\/user\/download$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("下载记录");
  });

  test("visitors are sent home to log in, and another user's message cannot be opened", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.goto("/user/message");
    await expect(page).toHaveURL(/\/\?redirect=%2Fuser%2Fmessage/);

    const owner = await register(request);
    const list = await request.get("/api/v1/web/notifyList", { headers: { Authorization: `Bearer ${owner}` } });
    const ownersMessage = ((await list.json()) as Envelope<{ records: Array<{ id: number }> }>).data.records[0]!.id;

    await signIn(context, baseURL, await register(request));
    const response = await page.request.post("/user/message", {
      form: { id: String(ownersMessage) },
      headers: { Origin: baseURL! },
    });
    expect(response.status()).toBe(404);
    const stillUnread = await request.get("/api/v1/web/notify", { headers: { Authorization: `Bearer ${owner}` } });
    expect(((await stillUnread.json()) as Envelope<{ total: number }>).data.total).toBe(1);
  });
});
