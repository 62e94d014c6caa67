import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { toFontSummary, type Font, type PreviewFace } from "~/services/catalogue/fonts";
import { FontActions } from "./font-actions";
import { FontList } from "./font-list";

/** The list as a visitor's /font page renders it: inside the root route, whose data the hearts read. */
function render(ui: ReactElement) {
  const router = createMemoryRouter(
    [{ id: "root", path: "/", element: <Outlet />, children: [{ path: "font", element: ui }] }],
    { initialEntries: ["/font"], hydrationData: { loaderData: { root: null } } },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

function font(fontGNo: string, overrides: Partial<Font> = {}): Font {
  const base: Font = {
    fontGNo,
    familyId: 1,
    familyName: `测试体${fontGNo}`,
    familyNameEn: "Test",
    fontName: `测试体${fontGNo} 常规`,
    styleName: "Regular",
    weight: 400,
    webFontFamily: `A${fontGNo}`,
    woffPath: null,
    ttfPath: `/api/v1/web/${fontGNo}/download`,
    isDefault: true,
    description: "",
    styles: [],
    tags: [{ id: 3, name: "可爱" }],
    license: {
      code: "OFL-1.1",
      name: "SIL Open Font License 1.1",
      url: null,
      commercialUse: true,
      commercialLabel: "免费商用",
      commercialSource: "",
    },
    designer: "设计师",
    foundry: null,
    copyright: null,
    version: null,
    glyphCount: 7055,
    charsets: [],
    fileSize: 1.2 * 1024 * 1024,
    format: "ttf",
    videoUrl: null,
    downloads: 0,
    views: 0,
    createdAt: "2024-01-01T00:00:00.000Z",
    childFontResource: [],
  };
  return { ...base, ...overrides };
}

// As the list loaders hand them over.
const fonts = [
  font("10001"),
  font("10002", { license: { ...font("1").license, commercialLabel: "个人免费", commercialUse: false } }),
].map(toFontSummary);
const faces: Record<string, PreviewFace> = {
  "10001": { gno: "10001", familyName: "A10001-abc", woffPath: "/a.woff2", ttfPath: "/a.ttf" },
};

// react-router's Link uses useLayoutEffect, which only warns in server rendering.
const originalError = console.error;
beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes("useLayoutEffect does nothing on the server")) return;
    originalError(...args);
  });
});
afterAll(() => vi.restoreAllMocks());

describe("FontList", () => {
  it.each(["stick", "card", "table"] as const)("renders the %s layout with testable markup", (layout) => {
    const html = render(
      <FontList fonts={fonts} faces={faces} layout={layout} previewText="你好" theme="dark" actions={FontActions} />,
    );
    expect(html).toContain(`data-layout="${layout}"`);
    expect(html.match(/data-font-gno="/g)).toHaveLength(2);
    expect(html.match(/data-preview="/g)).toHaveLength(2);
    expect(html).toContain('data-preview="10001"');
    // The preview uses the subset face, then a generic fallback only; no face → generic only.
    expect(html).toContain("font-family:&quot;A10001-abc&quot;, sans-serif");
    expect(html).toMatch(/data-preview="10002"[^>]*style="font-family:sans-serif"/);
    expect(html).toContain("免费商用");
    expect(html).toContain("个人免费");
    expect(html).toContain('href="/font/10001"');
    expect(html).toContain("font-preview--dark");
    // Every font carries the favorite and compare controls, as plain forms a visitor can post.
    expect(html.match(/>收藏</g)).toHaveLength(2);
    expect(html.match(/加入对比/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it("shows the table columns", () => {
    const html = render(<FontList fonts={fonts} faces={faces} layout="table" previewText="你好" />);
    for (const heading of ["预览", "名称", "字重数", "字符数", "授权", "大小"])
      expect(html).toContain(`>${heading}</th>`);
    expect(html).toContain("1.2 MB");
    expect(html).toContain("7,055");
  });

  it("offers 下载 and 详情 in the stick layout", () => {
    const html = render(<FontList fonts={fonts} faces={faces} layout="stick" previewText="你好" />);
    expect(html).toContain('href="/font/10001?download=1#download"');
    expect(html).toContain(">详情<");
  });

  it.each(["stick", "card"] as const)(
    "shows a %s showcase with its previews, names and licenses but no per-font controls, designer or tags",
    (layout) => {
      const designed = fonts.map((font) => ({ ...font, designer: "某设计师", tags: [{ id: 6, name: "宋体" }] }));
      const full = render(
        <FontList fonts={designed} faces={faces} layout={layout} previewText="你好" actions={FontActions} />,
      );
      const showcase = render(<FontList fonts={designed} faces={faces} layout={layout} previewText="你好" showcase />);
      expect(showcase.match(/data-preview="/g)).toHaveLength(2);
      // Its items are shorter, by the class their height is set by.
      expect(showcase).toContain("font-list--showcase");
      expect(full).not.toContain("font-list--showcase");
      expect(showcase).toContain('href="/font/10001"');
      expect(showcase).toContain("免费商用");
      expect(showcase).toContain("个人免费");
      // A card never shows the designer or tags; a row does, but not in a showcase.
      const leftOut = [">收藏<", "加入对比", ...(layout === "stick" ? ["某设计师", 'href="/font?tag=6"'] : [])];
      for (const part of leftOut) {
        expect(full).toContain(part);
        expect(showcase).not.toContain(part);
      }
    },
  );

  it("renders nothing for an empty list", () => {
    expect(render(<FontList fonts={[]} faces={{}} layout="stick" previewText="你好" />)).toBe("");
  });
});
