import { describe, expect, it } from "vitest";
import type { VariableAxis } from "@contract/variable";
import { axisValuesFrom, copyableCss, startValues, variableFontFaceCss, variationSettings } from "./variation";

const WEIGHT: VariableAxis = { tag: "wght", name: "Weight", min: 100, default: 100, max: 900, hidden: false };
const CASUAL: VariableAxis = { tag: "CASL", name: "Casual", min: 0, default: 0, max: 1, hidden: false };
const face = {
  gno: "v1",
  familyName: "v1-3f9a1c2b",
  files: [
    { woffPath: "/webfont/files/a.woff2?t=1", ttfPath: "/webfont/files/a.ttf?t=1", unicodeRange: "U+5468,U+672B" },
    { woffPath: "/webfont/files/b.woff?t=2", ttfPath: "/webfont/files/b.ttf?t=2", unicodeRange: "U+53BB" },
  ],
};

describe("axis values from a query", () => {
  it("clamps to each axis, rounds to its step and keeps the start for anything else", () => {
    const params = new URLSearchParams("v1.wght=1200&v1.CASL=0.456&v2.wght=300");
    expect(axisValuesFrom(params, [WEIGHT, CASUAL], "v1.")).toEqual({ wght: 900, CASL: 0.46 });
    expect(axisValuesFrom(new URLSearchParams("wght=abc"), [WEIGHT], "", { wght: 400 })).toEqual({ wght: 400 });
  });

  it("starts at the Regular instance when the font names one", () => {
    expect(startValues({ axes: [WEIGHT], instances: [{ name: "Regular", coordinates: { wght: 400 } }] })).toEqual({
      wght: 400,
    });
    expect(startValues({ axes: [WEIGHT], instances: [] })).toEqual({ wght: 100 });
  });
});

describe("variable font CSS", () => {
  it("declares one rule per slice with its unicode-range and the weight range", () => {
    const css = variableFontFaceCss(face, [WEIGHT]);
    expect(css.split("\n")).toHaveLength(2);
    expect(css).toContain('src:url("/webfont/files/a.woff2?t=1") format("woff2")');
    expect(css).toContain("font-weight:100 900;unicode-range:U+5468,U+672B");
    expect(css).toContain('url("/webfont/files/b.woff?t=2") format("woff")');
  });

  it("leaves out a file whose address or range could break out of the rule", () => {
    const hostile = {
      ...face,
      files: [
        { woffPath: '/x.woff");}body{color:red', ttfPath: "/x.ttf", unicodeRange: "U+41" },
        { woffPath: "/y.woff", ttfPath: "/y.ttf", unicodeRange: "U+41;}</style>" },
      ],
    };
    expect(variableFontFaceCss(hostile, [WEIGHT])).toBe("");
  });

  it("gives copyable CSS with absolute URLs, the weight as font-weight and other axes as settings", () => {
    const css = copyableCss(face, [WEIGHT, CASUAL], { wght: 700, CASL: 1 }, "https://fonts.example.com");
    expect(css).toContain('src: url("https://fonts.example.com/webfont/files/a.woff2?t=1") format("woff2")');
    expect(css).toContain("unicode-range: U+53BB;");
    expect(css).toContain("font-weight: 700;");
    expect(css).toContain('font-variation-settings: "CASL" 1;');
    expect(variationSettings([WEIGHT, CASUAL], { wght: 700, CASL: 1 })).toBe('"wght" 700, "CASL" 1');
  });
});
