import { test, expect, signedInUser } from "./fixtures";
import { publicPages, USER_PAGES } from "./site-pages";

/** The layout a visitor meets at 360 px and on a desktop: no sideways scrolling, buttons in their shape. */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

test.describe("版式", () => {
  test("手机宽度（360 px）下，每个页面都不能左右滚动", async ({ page, context, request, baseURL, consoleGuard }) => {
    test.setTimeout(180_000);
    consoleGuard.allow(/status of 404/);
    await page.setViewportSize(PHONE);
    // The dark previews lay out as the light ones do.
    const pages = [...(await publicPages(request)), "/search", "/search?keyword=zzqqxxjj"].filter(
      (path) => !path.includes("theme=dark"),
    );
    const tooWide: string[] = [];
    const measure = async (path: string) => {
      await page.goto(path);
      const { scrollWidth, clientWidth } = await page.evaluate(() => {
        const root = document.scrollingElement!;
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
      });
      if (scrollWidth > clientWidth) tooWide.push(`${path}: ${scrollWidth} > ${clientWidth}`);
    };
    for (const path of pages) await measure(path);
    await signedInUser(request, context, baseURL, { prefix: "narrow" });
    for (const path of USER_PAGES) await measure(path);
    expect(tooWide).toEqual([]);
  });

  test("字体列表的按钮在条形、卡片、表格布局中都是一行高、不变形，卡片里的按钮不贴边", async ({ page }) => {
    const layouts = [
      { layout: "stick", item: ".font-stick", names: ["下载", "详情", "收藏", "加入对比"] },
      { layout: "card", item: ".font-card", names: ["收藏", "加入对比"] },
      { layout: "table", item: ".font-table tbody tr", names: ["收藏", "加入对比"] },
    ];
    const problems: string[] = [];
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const { layout, item, names } of layouts) {
        await page.goto(`/font?layout=${layout}`);
        const first = page.locator(item).first();
        await first.scrollIntoViewIfNeeded();
        const boxes = await first.evaluate((element) => {
          const frame = element.getBoundingClientRect();
          const controls = element.querySelectorAll<HTMLElement>(
            ".btn, .favorite-control__button, .compare-control__button",
          );
          return [...controls].map((control) => {
            const box = control.getBoundingClientRect();
            // One line of text: every piece of the control's text starts at the same height.
            const lineTops = new Set<number>();
            const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim() || (node.parentElement?.closest(".visually-hidden") ?? null)) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const rect of range.getClientRects()) if (rect.width > 0) lineTops.add(Math.round(rect.top));
            }
            return {
              name: control.textContent?.trim() ?? "",
              width: box.width,
              height: box.height,
              lines: lineTops.size,
              inset: Math.min(box.left - frame.left, frame.right - box.right, frame.bottom - box.bottom),
            };
          });
        });
        const where = `${layout} @ ${viewport.width}px`;
        expect(
          boxes.map((box) => box.name),
          where,
        ).toEqual(names);
        for (const box of boxes) {
          const label = `${where} ${box.name} ${Math.round(box.width)}×${Math.round(box.height)}`;
          if (box.lines !== 1) problems.push(`${label}: ${box.lines} lines`);
          if (box.height < 28 || box.height > 44) problems.push(`${label}: not one line high`);
          if (box.width < box.height) problems.push(`${label}: narrower than high`);
          if (layout === "card" && box.inset < 12) problems.push(`${label}: ${box.inset}px from the card's edge`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
