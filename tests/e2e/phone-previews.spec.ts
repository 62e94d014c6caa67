import type { APIRequestContext } from "@playwright/test";
import { test, expect } from "./fixtures";

/** Previews at 360 px wide (stick and table layouts) and characters a font lacks, marked as 缺字. */

type Envelope<T> = { code: string; message: string; data: T };
type Listed = { fontGNo: string; familyName: string };

const RARE = "龘";

async function listFonts(request: APIRequestContext, query: string): Promise<Listed[]> {
  const response = await request.get(`/web/api/font/getFontList?current=1&size=100${query}`);
  return ((await response.json()) as Envelope<{ records: Listed[] }>).data.records;
}

/** A font that has every character of RARE and one that lacks it. */
async function coveringAndLacking(request: APIRequestContext) {
  const covering = await listFonts(request, `&text=${encodeURIComponent(RARE)}`);
  const all = await listFonts(request, "");
  const coveringGNos = new Set(covering.map((font) => font.fontGNo));
  const lacking = all.find((font) => !coveringGNos.has(font.fontGNo));
  expect(lacking, "a catalogue font without 龘").toBeDefined();
  return { covering: covering[0], lacking: lacking! };
}

test.describe("previews on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the stick layout shows every character of a preview: it wraps rather than clipping", async ({ page }) => {
    await page.goto(`/font?layout=stick&text=${encodeURIComponent("短视频字体永和九年春")}`);
    const previews = page.locator(".font-stick__preview");
    await expect(previews.first()).toBeVisible();
    const clipped = await previews.evaluateAll((elements) =>
      elements.filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent),
    );
    expect(clipped).toEqual([]);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(360);
  });

  test("the table layout stacks each font: preview, name and labelled values, without sideways scrolling", async ({
    page,
  }) => {
    await page.goto("/font?layout=table");
    const row = page.locator(".font-table tbody tr").first();
    await expect(row).toBeVisible();
    // Below the filters on a phone: brought into view as a visitor scrolls to it.
    await row.scrollIntoViewIfNeeded();
    const name = row.locator(".font-table__name");
    await expect(name).toBeInViewport();
    for (const label of ["字重数", "字符数", "授权", "大小"]) {
      const cell = row.locator(`td[data-label="${label}"]`);
      await expect(cell).toBeInViewport();
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    const table = (await page.locator(".font-table").boundingBox())!;
    expect(table.width).toBeLessThanOrEqual(360);
    // Name below the preview, values below the name: a stacked block, not one wide row.
    const preview = (await row.locator(".font-table__preview").boundingBox())!;
    const nameBox = (await name.boundingBox())!;
    const weights = (await row.locator('td[data-label="字重数"]').boundingBox())!;
    expect(nameBox.y).toBeGreaterThanOrEqual(preview.y + preview.height - 1);
    expect(weights.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
  });
});

test.describe("characters a font lacks", () => {
  test("the font list boxes 龘 as 缺字 in a font without it, and notes how many it lacks", async ({
    page,
    request,
  }) => {
    const { covering, lacking } = await coveringAndLacking(request);
    await page.goto(
      `/font?layout=card&text=${encodeURIComponent(`永和${RARE}`)}&keyword=${encodeURIComponent(lacking.familyName)}`,
    );
    const card = page.locator(`li[data-font-gno="${lacking.fontGNo}"]`);
    const box = card.locator(`[data-missing="${RARE}"]`);
    await expect(box).toBeVisible();
    await expect(box).toContainText("缺字");
    await expect(card.locator(".font-preview__missing-note")).toHaveText("本字体缺少 1 个字");
    // The lacking character is not left for the browser to draw in another font.
    expect(await card.locator(".font-preview").evaluate((element) => element.firstChild?.textContent)).not.toContain(
      RARE,
    );

    if (covering) {
      await page.goto(
        `/font?layout=card&text=${encodeURIComponent(`永和${RARE}`)}&keyword=${encodeURIComponent(covering.familyName)}`,
      );
      const other = page.locator(`li[data-font-gno="${covering.fontGNo}"]`);
      await expect(other.locator(".font-preview")).toContainText(`永和${RARE}`);
      await expect(other.locator("[data-missing]")).toHaveCount(0);
    }
  });

  test("a font page marks the characters its font lacks in the tester", async ({ page, request }) => {
    const { lacking } = await coveringAndLacking(request);
    await page.goto(`/font/${lacking.fontGNo}?text=${encodeURIComponent(`永${RARE}和`)}`);
    const tester = page.locator(".type-tester__output");
    await expect(tester.locator(`[data-missing="${RARE}"]`)).toBeVisible();
    await expect(tester.locator(".font-preview__missing-note")).toHaveText("本字体缺少 1 个字");
  });
});
