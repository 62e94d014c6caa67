import type { APIRequestContext, Page, Request } from "@playwright/test";
import {
  test,
  expect,
  registerByEmail,
  firstFonts,
  isJavaScriptOn,
  signedInUser,
  submitPasswordLogin,
} from "./fixtures";

type Envelope<T> = { code: string; message: string; data: T };
type Summary = { id: number; name: string; isDefault: boolean; fontCount: number };

/** Calls the backend as the user, for what the browser's actions must have changed. */
function api(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async get<T>(path: string): Promise<T> {
      const body = (await (await request.get(path, { headers })).json()) as Envelope<T>;
      expect(body.code, body.message).toBe("200");
      return body.data;
    },
    async post<T>(path: string, data: unknown): Promise<T> {
      const body = (await (await request.post(path, { headers, data })).json()) as Envelope<T>;
      expect(body.code, body.message).toBe("200");
      return body.data;
    },
    folders() {
      return this.get<Summary[]>("/web/api/account/collection/list");
    },
    async fontsOf(id: number) {
      const detail = await this.get<{ fontList: Array<{ fontGNo: string }> }>(
        `/web/api/account/collection/getDetail?id=${id}`,
      );
      return detail.fontList.map((font) => font.fontGNo);
    },
  };
}

const FAVORITES_USER = { prefix: "fav", password: "favorites-1" };

const heart = (page: Page, gno: string) => page.locator(`[data-favorite="${gno}"]`).first();

test.describe("favorites", () => {
  test("folders: a refused name keeps what was typed; create, rename, and delete after confirming", async ({
    page,
    context,
    request,
    baseURL,
    consoleGuard,
  }) => {
    // A refused name is answered 400 with the form and its message; the browser logs the status.
    consoleGuard.allow(/status of 400/);
    const { token } = await signedInUser(request, context, baseURL, FAVORITES_USER);
    const user = api(request, token);

    await page.goto("/user/favorite");
    await expect(page.getByRole("heading", { name: "我的收藏" })).toBeVisible();
    await expect(page.locator('[data-folder="默认收藏夹"]')).toContainText("默认收藏夹");

    const create = page.getByTestId("create-folder");
    await create.getByLabel("新收藏夹名称").fill("字".repeat(21));
    await create.getByRole("button", { name: "新建收藏夹" }).click();
    await expect(create.getByRole("alert")).toHaveText("收藏夹名称最多 20 个字");
    await expect(create.getByLabel("新收藏夹名称")).toHaveValue("字".repeat(21));

    await create.getByLabel("新收藏夹名称").fill("标题字");
    await create.getByRole("button", { name: "新建收藏夹" }).click();
    await expect(page.getByText("已创建收藏夹「标题字」")).toBeVisible();
    await expect(page.locator('[data-folder="标题字"]')).toBeVisible();

    await create.getByLabel("新收藏夹名称").fill("标题字");
    await create.getByRole("button", { name: "新建收藏夹" }).click();
    await expect(create.getByRole("alert")).toHaveText("已有同名收藏夹");

    const row = page.locator('[data-folder="标题字"]');
    await row.getByLabel("重命名「标题字」").fill("封面字");
    await row.getByRole("button", { name: "重命名" }).click();
    await expect(page.getByText("已重命名为「封面字」")).toBeVisible();
    await expect(page.locator('[data-folder="封面字"]')).toBeVisible();

    // The default folder offers no delete; another asks first, and 取消 keeps it.
    await expect(page.locator('[data-folder="默认收藏夹"]').getByRole("link", { name: /删除/ })).toHaveCount(0);
    await page.getByRole("link", { name: "删除收藏夹「封面字」" }).click();
    const confirm = page.getByTestId("confirm-delete");
    await expect(confirm).toContainText("删除收藏夹「封面字」？");
    await confirm.getByRole("link", { name: "取消" }).click();
    await expect(page.getByTestId("confirm-delete")).toHaveCount(0);
    expect((await user.folders()).map((c) => c.name)).toEqual(["默认收藏夹", "封面字"]);

    await page.getByRole("link", { name: "删除收藏夹「封面字」" }).click();
    await page.getByTestId("confirm-delete").getByRole("button", { name: "确认删除" }).click();
    await expect(page.getByText("已删除收藏夹")).toBeVisible();
    await expect(page.locator('[data-folder="封面字"]')).toHaveCount(0);
    expect((await user.folders()).map((c) => c.name)).toEqual(["默认收藏夹"]);
  });

  test("the heart on the card, stick and table layouts and on the detail page favorites and unfavorites", async ({
    page,
    context,
    request,
    baseURL,
  }, info) => {
    const { token } = await signedInUser(request, context, baseURL, FAVORITES_USER);
    const user = api(request, token);
    const [defaultFolder] = await user.folders();

    const gnos: string[] = [];
    for (const layout of ["card", "stick", "table"]) {
      await page.goto(`/font?layout=${layout}`);
      let documents = 0;
      const countDocument = (loaded: Request) => void (loaded.resourceType() === "document" && documents++);
      page.on("request", countDocument);
      const item = page.locator(`.font-list--${layout} [data-font-gno]`).nth(gnos.length);
      const gno = (await item.getAttribute("data-font-gno"))!;
      gnos.push(gno);
      const button = item.locator(`[data-favorite="${gno}"]`);
      await expect(button).toHaveAttribute("data-favorited", "false");
      await button.click();
      await expect(page.getByText("已加入收藏")).toBeVisible();
      await expect(page.locator(`.font-list--${layout} [data-favorite="${gno}"]`)).toHaveAttribute(
        "data-favorited",
        "true",
      );
      await expect(page).toHaveURL(new RegExp(`layout=${layout}`));
      // With JavaScript the heart, kept as the server sent it, posts through a fetcher, not as a new page.
      if (isJavaScriptOn(info.project.name)) expect(documents).toBe(0);
      page.off("request", countDocument);
    }
    expect((await user.fontsOf(defaultFolder!.id)).sort()).toEqual([...gnos].sort());

    // The state comes from the server on a fresh render too.
    await page.goto("/font?layout=card");
    await expect(heart(page, gnos[0]!)).toHaveAttribute("data-favorited", "true");

    await page.goto(`/font/${gnos[0]}`);
    const detailHeart = page.locator(`.font-detail__head [data-favorite="${gnos[0]}"]`);
    await expect(detailHeart).toHaveAttribute("data-favorited", "true");
    await detailHeart.click();
    await expect(page.getByText("已取消收藏")).toBeVisible();
    await expect(detailHeart).toHaveAttribute("data-favorited", "false");
    expect((await user.fontsOf(defaultFolder!.id)).sort()).toEqual(gnos.slice(1).sort());
    await detailHeart.click();
    await expect(detailHeart).toHaveAttribute("data-favorited", "true");
    await expect(page).toHaveURL(new RegExp(`/font/${gnos[0]}$`));
  });

  test("with several folders the heart asks which one", async ({ page, context, request, baseURL }) => {
    const { token } = await signedInUser(request, context, baseURL, FAVORITES_USER);
    const user = api(request, token);
    await user.folders();
    const second = await user.post<Summary>("/web/api/account/collection/add", { name: "字幕备选" });
    const [gno] = await firstFonts(request, 1);

    await page.goto(`/font/${gno}`);
    const menu = page.locator(`.font-detail__head details[data-favorite="${gno}"]`);
    await menu.locator("summary").click();
    await menu.locator('[data-folder="字幕备选"]').click();
    await expect(page.getByText("已加入收藏夹「字幕备选」")).toBeVisible();
    await expect(page.locator(`.font-detail__head [data-favorite="${gno}"] summary`)).toHaveAttribute(
      "data-favorited",
      "true",
    );
    expect(await user.fontsOf(second.id)).toEqual([gno]);
    const [defaultFolder] = await user.folders();
    expect(defaultFolder!.fontCount).toBe(0);

    const reopened = page.locator(`.font-detail__head details[data-favorite="${gno}"]`);
    if (!(await reopened.evaluate((element) => (element as HTMLDetailsElement).open))) {
      await reopened.locator("summary").click();
    }
    await expect(reopened.locator('[data-folder="字幕备选"]')).toHaveAttribute("aria-pressed", "true");
    await reopened.locator('[data-folder="字幕备选"]').click();
    await expect(page.getByText("已移出收藏夹", { exact: true })).toBeVisible();
    expect(await user.fontsOf(second.id)).toEqual([]);
  });

  test("a folder's page previews its fonts in the user's text and removes one", async ({
    page,
    context,
    request,
    baseURL,
    consoleGuard,
  }) => {
    // Another user's folder is a 404 page, which the browser logs.
    consoleGuard.allow(/status of 404/);
    const { token } = await signedInUser(request, context, baseURL, FAVORITES_USER);
    const user = api(request, token);
    const [first, second] = await firstFonts(request, 2);
    const folder = await user.post<Summary>("/web/api/account/collection/add", { name: "封面候选" });
    for (const fontGNo of [first, second]) {
      await user.post("/web/api/account/collection/addFont", { fontGNo, collectionId: folder.id });
    }

    await page.goto("/user/favorite");
    await page.getByRole("link", { name: "封面候选", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/user/favorite/${folder.id}$`));
    await expect(page.getByRole("heading", { name: "封面候选" })).toBeVisible();
    await expect(page.locator(".folder-font")).toHaveCount(2);

    await page.getByLabel("预览文字").fill("周末去看海");
    await page.getByRole("button", { name: "预览" }).click();
    await expect(page).toHaveURL(/text=/);
    await expect(page.locator(`.folder-font[data-font-gno="${first}"] .folder-font__preview`)).toContainText(
      "周末去看海",
    );

    await page.locator(`.folder-font[data-font-gno="${first}"]`).getByRole("button", { name: /移出/ }).click();
    await expect(page.getByText("已移出收藏夹", { exact: true })).toBeVisible();
    await expect(page.locator(".folder-font")).toHaveCount(1);
    await expect(page.getByLabel("预览文字")).toHaveValue("周末去看海");
    expect(await user.fontsOf(folder.id)).toEqual([second]);

    // Another user's folder is not found.
    await signedInUser(request, context, baseURL, FAVORITES_USER);
    const response = await page.goto(`/user/favorite/${folder.id}`);
    expect(response?.status()).toBe(404);
  });

  test("an article favorited on its page is listed under 文章 with its kind and date, and can be removed", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signedInUser(request, context, baseURL, FAVORITES_USER);
    const news = (await (await request.get("/web/api/web-wenzhang/selectPage?size=1")).json()) as Envelope<{
      records: Array<{ id: number; title: string }>;
    }>;
    const article = news.data.records[0]!;

    await page.goto(`/news/${article.id}`);
    const control = page.locator(`[data-article-favorite="news:${article.id}"]`);
    await expect(control).toHaveAttribute("data-favorited", "false");
    await control.click();
    await expect(page.getByText("已收藏文章")).toBeVisible();
    await expect(control).toHaveAttribute("data-favorited", "true");

    await page.goto("/user/favorite");
    await page.getByRole("link", { name: "文章", exact: true }).click();
    await expect(page).toHaveURL(/tab=articles/);
    const item = page.locator(`[data-article="news:${article.id}"]`);
    await expect(item.getByRole("link", { name: article.title })).toHaveAttribute("href", `/news/${article.id}`);
    await expect(item).toContainText("资讯");
    await expect(item.locator("time").first()).toHaveText(/\d{4}年\d{1,2}月\d{1,2}日|\d{4}-\d{2}-\d{2}/);

    await item.getByRole("button", { name: `取消收藏「${article.title}」` }).click();
    await expect(page.getByText("已取消收藏文章")).toBeVisible();
    await expect(page.locator(`[data-article="news:${article.id}"]`)).toHaveCount(0);
    await expect(page).toHaveURL(/tab=articles/);
  });

  test("every article kind's page carries the favorite control, and each favorite reaches the 文章 tab", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token } = await signedInUser(request, context, baseURL, FAVORITES_USER);
    const firstId = async (path: string) => {
      const body = (await (await request.get(path)).json()) as Envelope<{ records: Array<{ id: number }> }>;
      return body.data.records[0]!.id;
    };
    const kinds = [
      ["baike", await firstId("/web/api/shufa-baike/selectPage?size=1"), "百科"],
      ["case", await firstId("/web/api/web-font-case/selectPage?size=1"), "案例"],
      ["video", await firstId("/web/api/web-video/selectPage?size=1"), "视频"],
      ["album", await firstId("/web/api/web-font-collection/selectPage?size=1"), "专辑"],
    ] as const;
    for (const [kind, id] of kinds) {
      await page.goto(`/${kind}/${id}`);
      const control = page.locator(`[data-article-favorite="${kind}:${id}"]`);
      await expect(control).toHaveAttribute("data-favorited", "false");
      // Leaving the page before the save has answered would cancel it: wait for its answer.
      const saved = page.waitForResponse(
        (response) => response.url().includes("/resources/favorite") && response.request().method() === "POST",
      );
      await control.click();
      await saved;
      await expect(control).toHaveAttribute("data-favorited", "true");
    }
    // With JavaScript the control turns favorited as it is pressed, before the save has answered.
    const savedIds = async () => {
      const ids = await api(request, token).get<Array<{ kind: string; id: number }>>(
        "/web/api/account/favorite-article/allIds",
      );
      return ids.map((ref) => `${ref.kind}:${ref.id}`).sort();
    };
    await expect.poll(savedIds).toEqual(kinds.map(([kind, id]) => `${kind}:${id}`).sort());
    for (const [kind, id, label] of kinds) {
      await page.goto(`/user/favorite?tab=articles&kind=${kind}`);
      await expect(page.locator(`[data-article="${kind}:${id}"]`)).toContainText(label);
      await expect(page.locator("[data-article]")).toHaveCount(1);
    }
  });

  test("a visitor pressing the heart logs in and comes back to the same page with the font favorited", async ({
    page,
    request,
  }, info) => {
    const { email, password, token } = await registerByEmail(request, FAVORITES_USER);
    const user = api(request, token);
    const replay = `/resources/favorite?redirectTo=${encodeURIComponent("/font?layout=stick")}`;
    await page.goto("/font?layout=stick");
    const item = page.locator(".font-list--stick [data-font-gno]").first();
    const gno = (await item.getAttribute("data-font-gno"))!;
    await item.locator(`[data-favorite="${gno}"]`).click();

    if (isJavaScriptOn(info.project.name)) {
      // With JavaScript the account modal opens over the page, as the header's 登录 does.
      const dialog = page.getByRole("dialog", { name: "登录" });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/\/font\?layout=stick$/);
      await dialog.getByRole("link", { name: "密码登录" }).click();
      await submitPasswordLogin(page, email, password, dialog);
      await expect(dialog).toBeHidden();
    } else {
      await expect(page).toHaveURL(/\/account\/login\?redirect=/);
      expect(new URL(page.url()).searchParams.get("redirect")).toBe(replay);
      await page.goto(`/account/login?mode=password&redirect=${encodeURIComponent(replay)}`);
      await submitPasswordLogin(page, email, password);
    }

    await expect(page).toHaveURL(/\/font\?layout=stick$/);
    await expect(page.getByText("已加入收藏")).toBeVisible();
    await expect(heart(page, gno)).toHaveAttribute("data-favorited", "true");
    const [defaultFolder] = await user.folders();
    expect(await user.fontsOf(defaultFolder!.id)).toEqual([gno]);

    // The intent is spent: coming back to the replay address does nothing more.
    await page.goto(replay);
    await expect(page).toHaveURL(/\/font\?layout=stick$/);
    expect((await user.folders())[0]!.fontCount).toBe(1);
  });

  test("at 360 px the hearts fit every layout and the detail page without sideways scrolling", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token } = await signedInUser(request, context, baseURL, FAVORITES_USER);
    await api(request, token).post("/web/api/account/collection/add", { name: "第二个收藏夹" });
    await page.setViewportSize({ width: 360, height: 740 });
    const [gno] = await firstFonts(request, 1);
    for (const path of ["/font?layout=card", "/font?layout=stick", `/font/${gno}`, "/user/favorite"]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
    await page.goto("/font?layout=card");
    const first = page.locator(".font-card").first();
    const box = await first.locator(".favorite-control").boundingBox();
    const card = await first.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(card!.x + card!.width);
  });

  test("a visitor opening the favorites is sent home to log in, the page kept as the way back", async ({ page }) => {
    await page.goto("/user/favorite/5?text=%E5%A5%BD");
    await expect(page).toHaveURL(`/?redirect=${encodeURIComponent("/user/favorite/5?text=%E5%A5%BD")}`);
    await page.goto("/user/favorite?tab=articles");
    await expect(page).toHaveURL(`/?redirect=${encodeURIComponent("/user/favorite?tab=articles")}`);
  });

  test("the replay address changes nothing for a signed-in user without a waiting intent", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { token } = await signedInUser(request, context, baseURL, FAVORITES_USER);
    const user = api(request, token);
    await page.goto("/resources/favorite?redirectTo=%2Ffont");
    await expect(page).toHaveURL(/\/font$/);
    const folders = await user.folders();
    expect(folders.every((folder) => folder.fontCount === 0)).toBe(true);
  });
});
