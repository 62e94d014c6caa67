import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Subsetter } from "../backend/subset/subsetter";
import { fontFile, NOTO_SANS_SC, ZCOOL_KUAILE } from "../backend/subset/testing/fonts";
import { subsetText } from "../app/services/compare/compare-fonts.server";
import { coveredCodepoints, missingCharacters } from "../app/services/subset.server";
import {
  buildComparePdf,
  pdfLabelText,
  type ComparePdfInput,
  type PdfFont,
} from "../app/services/compare/compare-pdf.server";

/**
 * The compare export, built from subsets the HarfBuzz subsetter of the subset service makes, read
 * back with poppler's pdffonts and pdftotext as a reader of the file would.
 */

const requireFromHere = createRequire(import.meta.url);
const MA_SHAN_ZHENG = requireFromHere.resolve("@expo-google-fonts/ma-shan-zheng/400Regular/MaShanZheng_400Regular.ttf");
const ZHI_MANG_XING = requireFromHere.resolve("@expo-google-fonts/zhi-mang-xing/400Regular/ZhiMangXing_400Regular.ttf");
const XIAOWEI = requireFromHere.resolve("@expo-google-fonts/zcool-xiaowei/400Regular/ZCOOLXiaoWei_400Regular.ttf");

const FILES: Record<string, string> = {
  "10001": NOTO_SANS_SC,
  "10002": ZCOOL_KUAILE,
  "10003": MA_SHAN_ZHENG,
  "10004": ZHI_MANG_XING,
  "10005": XIAOWEI,
};
const NAMES: Record<string, string> = {
  "10001": "思源黑体 常规",
  "10002": "站酷快乐体",
  "10003": "马善政楷书",
  "10004": "志莽行书",
  "10005": "站酷小薇体",
};

const hasPoppler = (() => {
  try {
    execFileSync("pdffonts", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let subsetter: Subsetter;
let dir: string;

beforeAll(async () => {
  subsetter = await Subsetter.create({ memoryBudgetBytes: 512 * 1024 * 1024 });
  dir = mkdtempSync(path.join(tmpdir(), "compare-pdf-"));
});
afterAll(async () => {
  await subsetter?.close();
  if (dir && !process.env.KEEP_COMPARE_PDF) rmSync(dir, { recursive: true, force: true });
});

async function pdfFont(gno: string, text: string): Promise<PdfFont> {
  const sfnt = await subsetter.subset(fontFile(gno, FILES[gno]!), subsetText(text), "ttf");
  return {
    gno,
    fontName: NAMES[gno]!,
    license: { name: "SIL Open Font License 1.1", commercialUse: true, commercialLabel: "免费商用" },
    sfnt,
    covered: coveredCodepoints(sfnt),
  };
}

async function exportPdf(
  gnos: string[],
  text: string,
): Promise<{ file: string; bytes: Uint8Array; input: ComparePdfInput }> {
  const fonts = await Promise.all(gnos.map((gno) => pdfFont(gno, text)));
  const base = { text, fonts, createdAt: new Date("2026-11-23T08:00:00Z") };
  const labelSfnt = await subsetter.subset(fontFile("10001", NOTO_SANS_SC), subsetText(pdfLabelText(base)), "ttf");
  const input = { ...base, labelFont: { gno: "10001", sfnt: labelSfnt, covered: coveredCodepoints(labelSfnt) } };
  const bytes = await buildComparePdf(input);
  const file = path.join(dir, `${gnos.join("-")}.pdf`);
  writeFileSync(file, bytes);
  return { file, bytes, input };
}

type PdfFontRow = { name: string; type: string; embedded: boolean; subset: boolean; unicode: boolean };

/** pdffonts' table: name, type, encoding, emb, sub, uni, object, id. */
function pdffonts(file: string): PdfFontRow[] {
  const lines = execFileSync("pdffonts", [file], { encoding: "utf8" }).trim().split("\n").slice(2);
  return lines.map((line) => {
    const columns = line.trim().split(/\s+/);
    const [emb, sub, uni] = columns.slice(-5, -2);
    return {
      name: columns[0]!,
      type: columns.slice(1, -6).join(" "),
      embedded: emb === "yes",
      subset: sub === "yes",
      unicode: uni === "yes",
    };
  });
}

function pdftotext(file: string): string {
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

const withoutSpaces = (text: string) => text.replace(/\s+/g, "");

describe.skipIf(!hasPoppler)("对比 PDF", () => {
  it("每款字体以子集嵌入（ABCDEF+ 前缀），对比文字、标题、日期、授权都能提取", async () => {
    const text = "短视频字体对比 永和九年 Aa 123";
    const { file, bytes } = await exportPdf(["10001", "10002", "10003"], text);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");

    const fonts = pdffonts(file);
    expect(fonts).toHaveLength(4); // three compared fonts and the labels font
    for (const font of fonts) {
      expect(font.name).toMatch(/^[A-Z]{6}\+/);
      expect(font.embedded).toBe(true);
      expect(font.subset).toBe(true);
      expect(font.unicode).toBe(true);
    }

    const extracted = withoutSpaces(pdftotext(file));
    expect(extracted).toContain("字体对比");
    expect(extracted).toContain("2026年11月23日");
    for (const name of ["思源黑体常规", "站酷快乐体", "马善政楷书"]) expect(extracted).toContain(name);
    expect(extracted).toContain("可商用");
    expect(extracted).toContain("免费商用");
    // The compared text once per font, extractable from each font's own glyphs.
    const occurrences = extracted.split(withoutSpaces(text)).length - 1;
    expect(occurrences).toBeGreaterThanOrEqual(2);
  });

  it("字体缺的字：标出缺字，其余照常以该字体排出", async () => {
    // ZCOOL KuaiLe has no 龘; Noto Sans SC has it.
    const text = "龘字测试";
    const kuaile = await pdfFont("10002", text);
    expect(missingCharacters(text, kuaile.covered)).toEqual(["龘"]);
    const { file } = await exportPdf(["10002"], text);
    const extracted = withoutSpaces(pdftotext(file));
    expect(extracted).toContain("缺字1个");
    expect(extracted).toContain("字测试");
  });

  it("5 款字体 × 50 个字约 100 KB", async () => {
    const text = Array.from(
      "春眠不觉晓处处闻啼鸟夜来风雨声花落知多少床前明月光疑是地上霜举头望明月低头思故乡白日依山尽黄河入海流欲穷千里目更上一层楼",
    )
      .slice(0, 50)
      .join("");
    expect(Array.from(text)).toHaveLength(50);
    const { bytes, file } = await exportPdf(["10001", "10002", "10003", "10004", "10005"], text);
    expect(pdffonts(file)).toHaveLength(6);
    expect(bytes.byteLength).toBeLessThan(120 * 1024);
  });
});
