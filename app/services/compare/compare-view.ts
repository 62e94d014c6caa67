import { z } from "zod";
import { THEMES, THEME_LABELS } from "~/services/catalogue/font-query";
import type { PreviewTheme } from "~/services/catalogue/fonts";
import { FONT_GNO_PATTERN } from "@contract/catalogue";
import { COMPARE_MAX } from "./compare-list";

/** How the compare page and its PDF show the fonts: the text, its size, the background and the layout. */

export const COMPARE_DEFAULT_TEXT = "短视频字体对比 永和九年 Aa 123";
/** Characters of the compared text; every one is subset for every font. */
export const COMPARE_TEXT_MAX = 100;
export const COMPARE_SIZE_MIN = 12;
export const COMPARE_SIZE_MAX = 160;
export const COMPARE_SIZE_DEFAULT = 48;
export const COMPARE_LAYOUTS = ["rows", "grid"] as const;
export type CompareLayout = (typeof COMPARE_LAYOUTS)[number];
export const COMPARE_LAYOUT_LABELS: Record<CompareLayout, string> = { rows: "逐行", grid: "网格" };
export { THEMES as COMPARE_THEMES, THEME_LABELS as COMPARE_THEME_LABELS };

export type CompareView = { text: string; size: number; theme: PreviewTheme; layout: CompareLayout };

const FIELD_LABELS: Record<keyof CompareView, string> = {
  text: "对比文字",
  size: "字号",
  theme: "背景",
  layout: "排列",
};

function characterCount(text: string): number {
  return Array.from(text).length;
}

/** Line breaks and tabs become spaces, the ends are trimmed; "" means the default text. */
function cleanText(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

const sizeSchema = z.coerce.number().int().min(COMPARE_SIZE_MIN).max(COMPARE_SIZE_MAX);

export type ParsedCompareView = {
  view: CompareView;
  /** The visitor's text as typed (kept in the form even when it was too long). */
  typedText: string;
  /** Chinese notice naming the values that were replaced, or null. */
  notice: string | null;
};

/**
 * The compare page's query, leniently: an invalid value is replaced by its default and named in
 * the notice, an over-long text is cut, so the page always renders.
 */
export function parseCompareView(params: URLSearchParams): ParsedCompareView {
  const invalid: (keyof CompareView)[] = [];
  const typedText = cleanText(params.get("text") ?? "");
  let text = typedText || COMPARE_DEFAULT_TEXT;
  if (characterCount(text) > COMPARE_TEXT_MAX) {
    text = Array.from(text).slice(0, COMPARE_TEXT_MAX).join("").trim();
    invalid.push("text");
  }
  const rawSize = params.get("size")?.trim();
  const size = rawSize ? sizeSchema.safeParse(rawSize) : null;
  if (size && !size.success) invalid.push("size");
  const rawTheme = params.get("theme") || "light";
  const theme = (THEMES as readonly string[]).includes(rawTheme) ? (rawTheme as PreviewTheme) : null;
  if (!theme) invalid.push("theme");
  const rawLayout = params.get("layout") || "rows";
  const layout = (COMPARE_LAYOUTS as readonly string[]).includes(rawLayout) ? (rawLayout as CompareLayout) : null;
  if (!layout) invalid.push("layout");
  const notice =
    invalid.length === 0
      ? null
      : invalid.length === 1 && invalid[0] === "text"
        ? `对比文字最多 ${COMPARE_TEXT_MAX} 个字，已截取前 ${COMPARE_TEXT_MAX} 个字。`
        : `部分参数无效，已恢复默认：${invalid.map((key) => FIELD_LABELS[key]).join("、")}。`;
  return {
    view: {
      text,
      size: size?.success ? size.data : COMPARE_SIZE_DEFAULT,
      theme: theme ?? "light",
      layout: layout ?? "rows",
    },
    typedText,
    notice,
  };
}

/** What the PDF export is asked for: the fonts (from the query, or else the list) and the text. */
export type PdfCompareRequest = { gnos: string[] | null; text: string };

export type PdfRequestParse = { ok: true; request: PdfCompareRequest } | { ok: false; status: 400; message: string };

/**
 * The PDF's query, strictly: `?gno=10001&gno=10005&text=…`. A malformed number, too many fonts or a
 * text that is too long is refused with a message, since a document must show what was asked.
 */
export function parsePdfCompareQuery(params: URLSearchParams): PdfRequestParse {
  const given = params
    .getAll("gno")
    .flatMap((value) => value.split(/[.,\s]+/))
    .map((value) => value.trim())
    .filter(Boolean);
  const malformed = given.find((gno) => !FONT_GNO_PATTERN.test(gno));
  if (malformed !== undefined) {
    return { ok: false, status: 400, message: `字体编号“${malformed.slice(0, 20)}”不正确` };
  }
  const gnos = [...new Set(given)];
  if (gnos.length > COMPARE_MAX) {
    return { ok: false, status: 400, message: `最多对比 ${COMPARE_MAX} 款字体（收到 ${gnos.length} 款）` };
  }
  const text = cleanText(params.get("text") ?? "") || COMPARE_DEFAULT_TEXT;
  if (characterCount(text) > COMPARE_TEXT_MAX) {
    return { ok: false, status: 400, message: `对比文字最多 ${COMPARE_TEXT_MAX} 个字` };
  }
  return { ok: true, request: { gnos: gnos.length > 0 ? gnos : null, text } };
}

/** The PDF export's address for these fonts and text. */
export function comparePdfHref(gnos: readonly string[], text: string): string {
  const params = new URLSearchParams();
  for (const gno of gnos) params.append("gno", gno);
  if (text !== COMPARE_DEFAULT_TEXT) params.set("text", text);
  return `/pdf/compare?${params}`;
}
