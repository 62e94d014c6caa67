import { describe, expect, it } from "vitest";
import {
  charLength,
  coveragePercent,
  dictEntries,
  dictName,
  downloadHref,
  familyFileSize,
  formatCount,
  formatFileSize,
  joinBase,
  licenseKind,
  licenseLabel,
  previewFontFamily,
  sortedWeights,
  truncateChars,
  familyWeights,
  toFontSummary,
  toShowcaseFont,
  uniqueChars,
  weightName,
  type Font,
} from "./fonts";
import { licenseExplanation } from "./license-explanation";

function sampleFont(): Font {
  return {
    fontGNo: "10001",
    familyId: 1,
    familyName: "站酷快乐体",
    familyNameEn: "ZCOOL KuaiLe",
    fontName: "站酷快乐体",
    styleName: "Regular",
    weight: 400,
    webFontFamily: "A10001",
    woffPath: null,
    ttfPath: "/api/v1/web/10001/download",
    isDefault: true,
    description: "一款活泼可爱的圆润字体。",
    styles: [],
    tags: [{ id: 1, name: "可爱" }],
    license: {
      code: "OFL-1.1",
      name: "SIL Open Font License 1.1",
      url: null,
      commercialUse: true,
      commercialLabel: "免费商用",
      commercialSource: "字体名称表 nameID 13",
    },
    designer: "刘兵克",
    foundry: "站酷",
    copyright: "Copyright 2018",
    version: "Version 1.0",
    glyphCount: 7055,
    charsets: [{ code: "GB2312", name: "GB2312 汉字", covered: 6763, total: 6763 }],
    fileSize: 100,
    format: "ttf",
    videoUrl: null,
    downloads: 1,
    views: 2,
    createdAt: "2024-01-01T00:00:00.000Z",
    childFontResource: [],
  };
}

describe("catalogue helpers", () => {
  it("names weights", () => {
    expect(weightName(400)).toBe("常规");
    expect(weightName(700)).toBe("粗体");
    expect(weightName(100)).toBe("极细");
    expect(weightName(950)).toBe("超粗");
    expect(weightName(Number.NaN)).toBe("常规");
  });

  it("formats file sizes", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe("1.2 MB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatFileSize(250 * 1024 * 1024)).toBe("250 MB");
    expect(formatFileSize(-1)).toBe("—");
  });

  it("formats counts the Chinese way", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(12_345)).toBe("1.2万");
    expect(formatCount(20_000)).toBe("2万");
    expect(formatCount(320_000_000)).toBe("3.2亿");
  });

  it("maps licenses to badge kinds", () => {
    expect(licenseKind({ commercialLabel: "免费商用" })).toBe("free");
    expect(licenseKind({ commercialLabel: "个人免费" })).toBe("personal");
    expect(licenseKind({ commercialLabel: "需授权" })).toBe("paid");
    expect(licenseKind(null)).toBe("paid");
    expect(licenseLabel({ commercialLabel: "个人免费" })).toBe("个人免费");
    expect(licenseExplanation({ code: "OFL-1.1", commercialLabel: "免费商用" })).toContain("开源");
    expect(licenseExplanation({ code: "custom", commercialLabel: "个人免费" })).toContain("个人");
  });

  it("computes coverage", () => {
    expect(coveragePercent({ covered: 6763, total: 6763 })).toBe(100);
    expect(coveragePercent({ covered: 1, total: 3 })).toBe(33.3);
    expect(coveragePercent({ covered: 1, total: 0 })).toBe(0);
  });

  it("dedupes text for subsets", () => {
    expect(uniqueChars("你好 你好，世界\n")).toBe("你好，世界");
    expect(uniqueChars("abcabc", 2)).toBe("ab");
    expect(uniqueChars("😀😀a")).toBe("😀a");
    expect(truncateChars("😀😀😀", 2)).toBe("😀😀");
    expect(charLength("😀字")).toBe(2);
  });

  it("joins bases and builds download links", () => {
    expect(joinBase("", "/webfont/files/a.woff")).toBe("/webfont/files/a.woff");
    expect(joinBase("https://cdn.example.com/", "/webfont/files/a.woff")).toBe(
      "https://cdn.example.com/webfont/files/a.woff",
    );
    expect(joinBase("https://cdn.example.com", "https://other.example.com/x")).toBe("https://other.example.com/x");
    expect(downloadHref("", "10001")).toBe("/api/v1/web/10001/download");
    expect(downloadHref("https://api.example.com", "10001")).toBe("https://api.example.com/api/v1/web/10001/download");
  });

  it("uses only the subset face then a generic fallback", () => {
    expect(previewFontFamily({ familyName: "A10001-abc" })).toBe('"A10001-abc", sans-serif');
    expect(previewFontFamily(undefined)).toBe("sans-serif");
  });

  it("sums family sizes and sorts weights", () => {
    const child = (fontGNo: string, weight: number, fileSize: number) => ({ fontGNo, weight, fileSize });
    expect(familyFileSize({ fileSize: 5, childFontResource: [] })).toBe(5);
    expect(
      familyFileSize({ fileSize: 5, childFontResource: [child("1", 400, 10), child("2", 700, 20)] as never }),
    ).toBe(30);
    expect(sortedWeights([child("2", 700, 0), child("1", 400, 0), child("3", 100, 0)]).map((c) => c.fontGNo)).toEqual([
      "3",
      "1",
      "2",
    ]);
  });

  it("looks dictionaries up as strings", () => {
    const dicts = [
      { category: "style", dictNumber: "cute", dictName: "可爱", sort: 2 },
      { category: "style", dictNumber: "vlog", dictName: "Vlog", sort: 1 },
      { category: "weight", dictNumber: "400", dictName: "常规", sort: 1 },
    ];
    expect(dictEntries(dicts, "style").map((d) => d.dictNumber)).toEqual(["vlog", "cute"]);
    expect(dictName(dicts, "weight", 400)).toBe("常规");
    expect(dictName(dicts, "weight", 500)).toBeUndefined();
  });
});

describe("toFontSummary", () => {
  it("keeps what lists render: names, license badge, designer, tags, the family's weight count and size", () => {
    const child = {
      ...sampleFont(),
      fontGNo: "10002",
      weight: 700,
      fileSize: 200,
      description: "很长的介绍",
      childFontResource: [],
    };
    const font = { ...sampleFont(), childFontResource: [{ ...sampleFont(), childFontResource: [] }, child] };
    const summary = toFontSummary(font);
    expect(summary).toEqual({
      fontGNo: "10001",
      familyName: "站酷快乐体",
      glyphCount: 7055,
      designer: "刘兵克",
      license: { commercialLabel: "免费商用", commercialUse: true, name: "SIL Open Font License 1.1" },
      tags: [{ id: 1, name: "可爱" }],
      weightCount: 2,
      familyFileSize: 300,
    });
    expect(JSON.stringify(summary).length).toBeLessThan(JSON.stringify(font).length / 2);
  });
});

describe("toShowcaseFont", () => {
  it("keeps what a showcase card renders, without the designer and tags", () => {
    const font = { ...sampleFont(), childFontResource: [{ ...sampleFont(), childFontResource: [] }] };
    expect(toShowcaseFont(font)).toEqual({
      fontGNo: "10001",
      familyName: "站酷快乐体",
      glyphCount: 7055,
      license: { commercialLabel: "免费商用", commercialUse: true, name: "SIL Open Font License 1.1" },
      weightCount: 1,
      familyFileSize: sampleFont().fileSize,
    });
  });
});

describe("familyWeights", () => {
  it("lists every weight of the family, the font itself included, lightest first, with its number and names only", () => {
    const bold = { ...sampleFont(), fontGNo: "10002", fontName: "站酷快乐体 粗", styleName: "Bold", weight: 700 };
    const font = { ...sampleFont(), childFontResource: [{ ...bold, childFontResource: [] }] };
    expect(familyWeights(font)).toEqual([
      {
        fontGNo: "10001",
        fontName: sampleFont().fontName,
        styleName: sampleFont().styleName,
        weight: sampleFont().weight,
      },
      { fontGNo: "10002", fontName: "站酷快乐体 粗", styleName: "Bold", weight: 700 },
    ]);
  });
});
