import type { Locator, Page } from "@playwright/test";
import { test, expect, clientAddress, isJavaScriptOn } from "./fixtures";

const cards = (page: Page) => page.locator("[data-content-id]");

async function cardIds(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-content-id") ?? ""));
}

async function total(page: Page): Promise<number> {
  return Number(await page.locator(".content-count[data-total]").getAttribute("data-total"));
}

/** Follows a link the way a visitor does, and waits for the page it leads to. */
async function follow(page: Page, link: Locator, url: RegExp) {
  await link.click();
  await page.waitForURL(url);
}

const LISTS = [
  { path: "/album", heading: "字体专辑", pageSize: 8 },
  { path: "/baike", heading: "书法百科", pageSize: 12 },
  { path: "/case", heading: "字体案例", pageSize: 6 },
  { path: "/news", heading: "资讯", pageSize: 8 },
  { path: "/video", heading: "视频", pageSize: 6 },
] as const;

test.describe("内容列表", () => {
  for (const list of LISTS) {
    test(`${list.path} 展示真实内容，可按标签筛选、可翻页`, async ({ page }) => {
      const response = await page.goto(list.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: list.heading })).toBeVisible();
      const all = await total(page);
      expect(all).toBeGreaterThan(0);
      const firstPage = await cardIds(page);
      expect(firstPage.length).toBe(Math.min(all, list.pageSize));
      await expect(cards(page).first().getByRole("link").last()).not.toBeEmpty();

      if (all > list.pageSize) {
        const pagination = page.getByRole("navigation", { name: /分页/ });
        await follow(page, pagination.getByRole("link", { name: "下一页" }), /[?&]page=2/);
        await expect.poll(() => cardIds(page)).not.toEqual(firstPage);
        const secondPage = await cardIds(page);
        expect(secondPage.length).toBeGreaterThan(0);
        expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
        await expect(pagination.locator('[aria-current="page"]')).toHaveText("2");
      }

      await page.goto(list.path);
      const tags = page.getByRole("navigation", { name: /筛选/ });
      const tag = tags.locator("a[data-tag]").first();
      const tagId = await tag.getAttribute("data-tag");
      await follow(page, tag, new RegExp(`[?&]tag=${tagId}`));
      await expect(tags.locator(`a[data-tag="${tagId}"]`)).toHaveAttribute("aria-current", "true");
      await expect.poll(() => total(page)).toBeLessThan(all);
      expect(await cards(page).count()).toBeGreaterThan(0);
    });
  }

  test("书法百科按分类列出全部词条标题", async ({ page }) => {
    await page.goto("/baike");
    const toc = page.getByRole("navigation", { name: "百科目录" });
    for (const group of ["书体", "书家", "技法", "术语"]) {
      await expect(toc.getByRole("heading", { name: new RegExp(group) })).toBeVisible();
    }
    await expect(toc.getByRole("link", { name: "楷书", exact: true })).toHaveAttribute("href", /^\/baike\/\d+$/);
  });
});

const DETAILS = [
  { list: "/album", crumb: "专辑" },
  { list: "/baike", crumb: "书法百科" },
  { list: "/case", crumb: "案例" },
  { list: "/news", crumb: "资讯" },
  { list: "/video", crumb: "视频" },
] as const;

test.describe("内容详情", () => {
  for (const detail of DETAILS) {
    test(`${detail.list}/{id} 有面包屑和正文，.html 也能访问，未知 id 是 404`, async ({ page, consoleGuard }) => {
      await page.goto(detail.list);
      const first = cards(page).first();
      const id = await first.getAttribute("data-content-id");
      const title = (await first.getByRole("heading").getByRole("link").innerText()).trim();
      await follow(page, first.getByRole("heading").getByRole("link"), new RegExp(`${detail.list}/${id}$`));

      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const breadcrumb = page.getByRole("navigation", { name: "面包屑" });
      await expect(breadcrumb.getByRole("link", { name: "首页" })).toHaveAttribute("href", "/");
      await expect(breadcrumb.getByRole("link", { name: detail.crumb })).toHaveAttribute("href", detail.list);
      await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(title);
      const body = page.locator(".prose");
      expect((await body.innerText()).length).toBeGreaterThan(40);
      expect(await body.locator("script, iframe, [onerror], [onclick]").count()).toBe(0);

      const twin = await page.goto(`${detail.list}/${id}.html`);
      expect(twin?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

      consoleGuard.allow(/status of 404/);
      for (const missing of ["999999", "abc", "0"]) {
        const response = await page.goto(`${detail.list}/${missing}`);
        expect(response?.status()).toBe(404);
        await expect(page.getByText("This page could not be found")).toBeVisible();
      }
    });
  }

  test("专辑里的字体用访客自己的文字预览，并链接到字体页", async ({ page }) => {
    await page.goto("/album");
    await follow(page, cards(page).first().getByRole("heading").getByRole("link"), /\/album\/\d+$/);
    const samples = page.getByRole("list", { name: "专辑字体预览" }).getByRole("listitem");
    await expect.poll(() => samples.count()).toBeGreaterThan(1);
    await expect(samples.first().getByRole("link")).toHaveAttribute("href", /^\/font\/\d+$/);

    const form = page.locator("form.sample-form");
    await form.locator('input[name="text"]').fill("周末去看海");
    await form.locator('input[name="text"]').press("Enter");
    await page.waitForURL(/[?&]text=/);
    await expect(samples.first().locator("[data-preview]")).toHaveText("周末去看海");
    await expect(samples.first().locator("[data-preview]")).toHaveAttribute("data-face", /.+/);
    await expect(page.getByRole("link", { name: "打包下载" })).toHaveAttribute("href", /^\/resources\/album-zip\/\d+$/);
  });

  test("案例列出每款字体的用途（封面、标题、字幕、花字）并链接到字体", async ({ page }) => {
    await page.goto("/case");
    await follow(page, cards(page).first().getByRole("heading").getByRole("link"), /\/case\/\d+$/);
    const usages = page.getByRole("list", { name: "案例用字" }).getByRole("listitem");
    await expect.poll(() => usages.count()).toBeGreaterThan(1);
    const roles = await usages.locator(".font-sample__role").allInnerTexts();
    for (const role of roles) expect(["封面", "标题", "字幕", "花字"]).toContain(role);
    await expect(usages.first().getByRole("link")).toHaveAttribute("href", /^\/font\/\d+$/);
    await expect(usages.first().locator("[data-preview]")).not.toBeEmpty();
  });

  test("视频详情页有播放器（片源与播放见 video.spec.ts）", async ({ page }) => {
    await page.goto("/video");
    await follow(page, cards(page).first().getByRole("heading").getByRole("link"), /\/video\/\d+$/);
    await expect(page.locator(".video-stage .video-player")).toBeVisible();
    await expect(page.getByText("视频即将上线")).toHaveCount(0);
  });
});

test.describe("全站搜索", () => {
  test("头部搜索“楷书”：按类型分栏计数，百科和资讯都有结果，匹配的词被标出", async ({ page }) => {
    await page.goto("/album");
    const box = page.locator("header form[role=search] input[name=keyword]").first();
    await box.fill("楷书");
    await box.press("Enter");
    await page.waitForURL(/\/search\?keyword=/);
    expect(new URL(page.url()).searchParams.get("keyword")).toBe("楷书");

    const tabs = page.getByRole("navigation", { name: "按类型查看结果" });
    const count = async (type: string) =>
      Number(await tabs.locator(`[data-search-type="${type}"] [data-count]`).getAttribute("data-count"));
    const all = await count("all");
    expect(await count("baike")).toBeGreaterThan(0);
    expect(await count("news")).toBeGreaterThan(0);
    expect(all).toBeGreaterThanOrEqual((await count("baike")) + (await count("news")));

    const results = page.getByRole("list", { name: "搜索结果" }).getByRole("listitem");
    await expect(results.first().locator("mark").first()).toHaveText("楷书");
    await expect(results.first().getByRole("link").first()).toHaveAttribute("href", /^\/\w+\/\d+$/);

    await follow(page, tabs.locator('[data-search-type="baike"]'), /type=baike/);
    await expect(tabs.locator('[data-search-type="baike"]')).toHaveAttribute("aria-current", "page");
    await expect
      .poll(() => results.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-kind"))))
      .toEqual(expect.arrayContaining(["baike"]));
    expect(new Set(await results.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-kind"))))).toEqual(
      new Set(["baike"]),
    );
    await expect(results.locator("mark").first()).toHaveText("楷书");

    await follow(
      page,
      page.getByRole("navigation", { name: "搜索结果分页" }).getByRole("link", { name: "下一页" }),
      /page=2/,
    );
    await expect(results.first()).toHaveAttribute("data-kind", "baike");

    await follow(page, tabs.locator('[data-search-type="news"]'), /type=news/);
    await expect(results.first()).toHaveAttribute("data-kind", "news");
    expect(await results.locator("mark").count()).toBeGreaterThan(0);
  });

  test("热门搜索词在搜索框下，可以直接点", async ({ page }) => {
    await page.goto("/search");
    const hot = page.getByRole("navigation", { name: "热门搜索" }).getByRole("link");
    expect(await hot.count()).toBeGreaterThan(3);
    const word = (await hot.first().innerText()).trim();
    await follow(page, hot.first(), /\/search\?keyword=/);
    expect(new URL(page.url()).searchParams.get("keyword")).toBe(word);
  });

  test("没有结果时给出可以尝试的建议", async ({ page }) => {
    await page.goto(`/search?keyword=${encodeURIComponent("zzqqxx")}`);
    await expect(page.getByRole("heading", { name: /没有找到与“zzqqxx”相关的内容/ })).toBeVisible();
    const suggestions = page.getByRole("status");
    await expect(suggestions.getByRole("link", { name: "书法百科" })).toHaveAttribute("href", "/baike");
    expect(await suggestions.locator('a[href^="/search?keyword="]').count()).toBeGreaterThan(0);
  });

  test("搜索联想仍在（有 JavaScript 时）", async ({ page }, testInfo) => {
    test.skip(!isJavaScriptOn(testInfo.project.name), "联想需要 JavaScript");
    await page.goto("/search");
    const box = page.locator("header input[name=keyword][role=combobox]").first();
    await box.pressSequentially("思源", { delay: 50 });
    await expect(page.getByRole("option").filter({ hasText: "思源" }).first()).toBeVisible();
  });

  test("按 / 到搜索框，热门搜索用方向键选，Tab 和 Shift+Tab 都能离开（有 JavaScript 时）", async ({ page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "快捷键和联想需要 JavaScript");
    await page.goto("/font");
    // Once the page's scripts have taken over: the shortcut is theirs.
    await page.waitForLoadState("networkidle");
    const header = page.locator("header.site-header");
    const box = header.getByRole("combobox", { name: "全站搜索" });
    await expect(async () => {
      await page.keyboard.press("/");
      await expect(box).toBeFocused({ timeout: 500 });
    }).toPass();
    await expect(box).toHaveValue("");
    const hot = page.getByRole("listbox", { name: "热门搜索" });
    await expect(hot.getByRole("option").first()).toBeVisible();

    await page.keyboard.press("ArrowDown");
    await expect(hot.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Tab");
    await expect(header.getByRole("button", { name: "搜索" })).toBeFocused();
    await expect(hot).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(header.getByRole("link", { name: "登录" })).toBeFocused();

    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(box).toBeFocused();
    await expect(hot.getByRole("option").first()).toBeVisible();
    await page.keyboard.press("Shift+Tab");
    await expect(header.getByRole("link", { name: "资讯" })).toBeFocused();

    // In a field `/` is a character like any other.
    const text = page.getByRole("textbox", { name: "预览文字" });
    await text.fill("");
    await text.pressSequentially("a/b");
    await expect(text).toHaveValue("a/b");
    await expect(text).toBeFocused();

    // On a phone the search box is in the menu: `/` opens it there.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/news");
    await page.waitForLoadState("networkidle");
    await expect(async () => {
      await page.keyboard.press("/");
      await expect(box).toBeFocused({ timeout: 500 });
    }).toPass();
    await expect(page.getByRole("navigation", { name: "移动端导航" })).toBeVisible();
  });
});

test.describe("联系我们", () => {
  test("手机号格式不对时提示并保留输入，改对后提交成功", async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("form.contact-form");
    await form.getByLabel("称呼").fill("小林");
    await form.getByLabel("手机号").fill("12345");
    await form.getByLabel("留言内容").fill("希望多收录一些圆体。");
    await form.getByRole("button", { name: "提交留言" }).click();

    await expect(page.getByText("手机号格式不正确")).toBeVisible();
    await expect(form.getByLabel("手机号")).toHaveValue("12345");
    await expect(form.getByLabel("手机号")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("称呼")).toHaveValue("小林");
    await expect(form.getByLabel("留言内容")).toHaveValue("希望多收录一些圆体。");

    await form.getByLabel("手机号").fill("13800138000");
    await form.getByRole("button", { name: "提交留言" }).click();
    await expect(page.getByRole("heading", { name: "留言已收到，谢谢你！" })).toBeVisible();
  });

  test("没留手机号或邮箱时提示至少填一项", async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("form.contact-form");
    await form.getByLabel("称呼").fill("小林");
    await form.getByLabel("留言内容").fill("你好");
    await form.getByRole("button", { name: "提交留言" }).click();
    await expect(page.getByText("请留下手机号或邮箱，方便我们回复")).toBeVisible();
    await expect(form.getByLabel("留言内容")).toHaveValue("你好");
  });

  test("留言最多 500 字：框里能多写，计数提示超出，提交被拒并保留原文；正好 500 字能提交", async ({ page }, info) => {
    // A client of its own: the backend takes a few messages per client address at a time.
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
    await page.goto("/contact");
    const form = page.locator("form.contact-form");
    const content = form.getByLabel("留言内容");
    await expect(content).toHaveAccessibleDescription("0 / 500 字");
    await form.getByLabel("称呼").fill("小林");
    await form.getByLabel("邮箱").fill("lin@example.com");
    const tooLong = "字".repeat(501);
    await content.fill(tooLong);
    if (isJavaScriptOn(info.project.name))
      await expect(content).toHaveAccessibleDescription("超出 1 字（最多 500 字）");
    await form.getByRole("button", { name: "提交留言" }).click();

    await expect(form.getByRole("alert")).toHaveText("留言内容不能超过 500 个字");
    await expect(content).toHaveValue(tooLong);
    await expect(content).toHaveAttribute("aria-invalid", "true");
    await expect(content).toHaveAccessibleDescription(/超出 1 字（最多 500 字）/);

    await content.fill("字".repeat(500));
    await form.getByRole("button", { name: "提交留言" }).click();
    await expect(page.getByRole("heading", { name: "留言已收到，谢谢你！" })).toBeVisible();
  });
});

test.describe("导航", () => {
  test("头部和页脚的每个链接都通向真实页面", async ({ page, request }) => {
    await page.goto("/");
    const hrefs = new Set<string>();
    for (const link of await page.locator("header nav a[href^='/'], footer a[href^='/']").all()) {
      const href = await link.getAttribute("href");
      if (href) hrefs.add(href);
    }
    for (const expected of ["/album", "/baike", "/case", "/video", "/news", "/contact"])
      expect(hrefs).toContain(expected);
    for (const href of hrefs) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });

  test("首页有专辑、案例、视频和资讯", async ({ page }) => {
    await page.goto("/");
    for (const [name, href] of [
      ["字体专辑", "/album/"],
      ["用字案例", "/case/"],
      ["视频", "/video/"],
      ["资讯", "/news/"],
    ] as const) {
      const section = page.getByRole("region", { name, exact: true });
      await expect(section).toBeVisible();
      expect(await section.locator(`a[href^="${href}"]`).count()).toBeGreaterThan(0);
    }
    // Each card with its cover, summary and facts: an album's number of fonts, a video's length, a
    // news item's date.
    const albums = page.getByRole("region", { name: "字体专辑", exact: true });
    await expect(albums.locator(".content-card__badge").first()).toHaveText(/^\d+ 款字体$/);
    await expect(albums.locator(".content-card__summary").first()).not.toBeEmpty();
    await expect(albums.locator(".content-card__image").first()).toHaveAttribute("src", /\/images\/content\/albums\//);
    const videos = page.getByRole("region", { name: "视频", exact: true });
    await expect(videos.locator(".content-card__badge").first()).toHaveText(/^\d+:\d{2}$/);
    await expect(videos.locator(".content-card__image").first()).toHaveAttribute("src", /./);
    const news = page.getByRole("region", { name: "资讯", exact: true });
    await expect(news.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}/);
  });
});
