import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NonceProvider } from "~/utils/nonce";
import { cssString } from "~/utils/css-string";
import { FontFaces, fontFacesCss } from "./font-faces";

describe("FontFaces", () => {
  it("declares each face with woff then truetype", () => {
    const html = renderToStaticMarkup(
      <FontFaces
        faces={{
          "10001": {
            gno: "10001",
            familyName: "A10001-abc",
            woffPath: "/webfont/files/a.woff?t=1",
            ttfPath: "/webfont/files/a.ttf?t=1",
          },
        }}
      />,
    );
    expect(html).toBe(
      '<style data-font-faces="">@font-face{font-family:"A10001-abc";src:url("/webfont/files/a.woff?t=1") format("woff"),url("/webfont/files/a.ttf?t=1") format("truetype");font-display:block;}</style>',
    );
  });

  it("carries the page's Content-Security-Policy nonce, without which the browser ignores it", () => {
    const html = renderToStaticMarkup(
      <NonceProvider nonce="abc123==">
        <FontFaces faces={[{ gno: "1", familyName: "A1", woffPath: "", ttfPath: "/a.ttf" }]} />
      </NonceProvider>,
    );
    expect(html).toMatch(/^<style data-font-faces="" nonce="abc123==">@font-face/);
  });

  it("declares WOFF2 files as woff2", () => {
    expect(
      fontFacesCss([{ gno: "1", familyName: "A1", woffPath: "/webfont/files/x.woff2?t=1", ttfPath: "/x.ttf" }]),
    ).toContain('url("/webfont/files/x.woff2?t=1") format("woff2")');
  });

  it("accepts arrays, skips duplicates and faces without files, renders nothing when empty", () => {
    const css = fontFacesCss(
      [
        { gno: "1", familyName: "A1", woffPath: "", ttfPath: "/a.ttf" },
        { gno: "1", familyName: "A1", woffPath: "", ttfPath: "/a.ttf" },
        { gno: "2", familyName: "A2", woffPath: "", ttfPath: "" },
      ],
      "swap",
    );
    expect(css).toBe('@font-face{font-family:"A1";src:url("/a.ttf") format("truetype");font-display:swap;}');
    expect(renderToStaticMarkup(<FontFaces faces={{}} />)).toBe("");
  });

  it("escapes quotes, backslashes and markup so the style element cannot be broken", () => {
    const css = fontFacesCss([
      { gno: "1", familyName: 'x"</style><script>', woffPath: '/a.woff")};body{', ttfPath: "javascript:alert(1)" },
    ]);
    expect(css).not.toContain("</style>");
    expect(css).not.toContain("<script>");
    expect(css).not.toContain("javascript:");
    expect(css).toContain("\\22 ");
    expect(cssString('a"b\\c<')).toBe('"a\\22 b\\5c c\\3c "');
  });
});
