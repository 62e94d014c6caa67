import { FONT_SORTS, KEYWORD_MAX, type FontSort } from "@contract/catalogue-values";
import { truncateChars, type ListLayout, type PreviewTheme } from "./fonts";
import { DEFAULT_PREVIEW_TEXT, LIST_TEXT_MAX, TESTER_TEXT_MAX } from "./preview-text";

/**
 * Query parameters of the font list (/font) and of the type tester on /font/{id}.
 * One set of field rules each, used by the loaders (parsing) and by the components (links, forms).
 * Plain checks rather than zod: the list's filters parse in the browser too.
 * Bad values never fail the page: they fall back to defaults and produce a Chinese notice.
 */

export const LIST_PAGE_SIZE = 10;
export { KEYWORD_MAX };
export const TESTER_SIZE_MIN = 12;
export const TESTER_SIZE_MAX = 200;
export const TESTER_SIZE_DEFAULT = 64;

export const LAYOUTS = ["stick", "card", "table"] as const satisfies readonly ListLayout[];
export const LAYOUT_LABELS: Record<ListLayout, string> = { stick: "条形", card: "卡片", table: "表格" };
export const SORTS = FONT_SORTS;
export type { FontSort };
export const SORT_LABELS: Record<FontSort, string> = { hot: "最热", new: "最新", name: "名称" };
export const THEMES = ["light", "dark"] as const satisfies readonly PreviewTheme[];
export const THEME_LABELS: Record<PreviewTheme, string> = { light: "浅色", dark: "深色" };

/** A field's value, or INVALID; `undefined` in means "not given" ("" and missing alike where the rule says so). */
const INVALID = Symbol("invalid");
type Rule<T> = (value: string | undefined) => T | typeof INVALID;

const isBlank = (value: string | undefined): value is undefined | "" => value === undefined || value.trim() === "";

const oneOf =
  <const T extends readonly string[]>(values: T, fallback: T[number]): Rule<T[number]> =>
  (value) =>
    isBlank(value) ? fallback : (values as readonly string[]).includes(value) ? value : INVALID;

/** A whole number in [min, max], read as `Number()` reads it ("" and missing: `fallback`). */
const integer =
  <F extends number | undefined>(min: number, max: number, fallback: F): Rule<number | F> =>
  (value) => {
    if (isBlank(value)) return fallback;
    const number = Number(value);
    return Number.isInteger(number) && number >= min && number <= max ? number : INVALID;
  };

/** Line breaks and tabs as spaces, trimmed: how every free-text field is read. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

const text =
  (max: number): Rule<string> =>
  (value) => {
    const cleaned = oneLine(value ?? "");
    return Array.from(cleaned).length <= max ? cleaned : INVALID;
  };

const checkbox: Rule<boolean> = (value) =>
  value === undefined || value === "" || value === "0"
    ? false
    : value === "1" || value === "on" || value === "true"
      ? true
      : INVALID;

const STYLE_PATTERN = /^[a-zA-Z0-9_-]{1,40}$/;

/** Fonts one subtitle filter may name: the catalogue's list call takes no more. */
export const SUBTITLE_FILTER_MAX_FONTS = 100;
/** `fonts` when a subtitle check found no font able to show the whole file. */
export const NO_FONTS = "none";
const FONT_NUMBERS_PATTERN = new RegExp(`^\\d{1,9}(\\.\\d{1,9}){0,${SUBTITLE_FILTER_MAX_FONTS - 1}}$`);
/** A subtitle file's name as the list shows it. */
export const SUBTITLE_NAME_MAX = 80;

const FONT_LIST_RULES = {
  layout: oneOf(LAYOUTS, "stick"),
  page: integer(1, 10_000, 1),
  style: (value: string | undefined) =>
    isBlank(value) || value === "all" ? undefined : STYLE_PATTERN.test(value) ? value : INVALID,
  tag: integer(1, 2_147_483_647, undefined),
  keyword: (value: string | undefined) => {
    const trimmed = (value ?? "").trim();
    return trimmed.length <= KEYWORD_MAX ? trimmed : INVALID;
  },
  sort: oneOf(SORTS, "hot"),
  text: text(LIST_TEXT_MAX),
  fit: checkbox,
  theme: oneOf(THEMES, "light"),
  /** Font numbers joined by `.` (or NO_FONTS): the fonts a subtitle check found able to show a whole file. */
  fonts: (value: string | undefined) =>
    isBlank(value)
      ? undefined
      : value.trim() === NO_FONTS || FONT_NUMBERS_PATTERN.test(value.trim())
        ? value.trim()
        : INVALID,
  /** The name of the subtitle file `fonts` came from, said above the list. */
  subtitle: text(SUBTITLE_NAME_MAX),
} satisfies Record<string, Rule<unknown>>;

type QueryOf<R> = { [K in keyof R]: R[K] extends Rule<infer T> ? T : never };

export type FontListQuery = QueryOf<typeof FONT_LIST_RULES>;

export const FONT_LIST_FIELD_LABELS: Record<keyof FontListQuery, string> = {
  layout: "布局",
  page: "页码",
  style: "风格",
  tag: "标签",
  keyword: "关键词",
  sort: "排序",
  text: "预览文字",
  fit: "只看能显示这段文字的字体",
  theme: "预览背景",
  fonts: "字幕检查的字体",
  subtitle: "字幕文件名",
};

const TESTER_RULES = {
  text: text(TESTER_TEXT_MAX),
  size: integer(TESTER_SIZE_MIN, TESTER_SIZE_MAX, TESTER_SIZE_DEFAULT),
  theme: oneOf(THEMES, "light"),
  download: checkbox,
} satisfies Record<string, Rule<unknown>>;

export type TesterQuery = QueryOf<typeof TESTER_RULES>;

export const TESTER_FIELD_LABELS: Record<keyof TesterQuery, string> = {
  text: "预览文字",
  size: "字号",
  theme: "预览背景",
  download: "下载",
};

export type Parsed<T> = {
  query: T;
  /** Fields whose values were invalid and replaced. */
  invalid: (keyof T)[];
  /** Chinese notice to show, or null. */
  notice: string | null;
};

type Input = URLSearchParams | Record<string, string | undefined>;

function toRecord(input: Input, keys: string[]): Record<string, string | undefined> {
  const record: Record<string, string | undefined> = {};
  for (const key of keys) {
    record[key] = input instanceof URLSearchParams ? (input.get(key) ?? undefined) : input[key];
  }
  return record;
}

function parseLenient<R extends Record<string, Rule<unknown>>>(
  rules: R,
  input: Input,
  labels: Record<string, string>,
  textMax: number,
): Parsed<QueryOf<R>> {
  const keys = Object.keys(rules);
  const raw = toRecord(input, keys);
  const invalid: string[] = [];
  // Over-long text is cut rather than dropped: the visitor's words matter most.
  if (typeof raw.text === "string" && Array.from(raw.text.trim()).length > textMax) {
    raw.text = truncateChars(raw.text.trim(), textMax);
    invalid.push("text");
  }
  const query: Record<string, unknown> = {};
  for (const key of keys) {
    const rule = rules[key]!;
    const value = rule(raw[key]);
    if (value !== INVALID) {
      query[key] = value;
      continue;
    }
    // Every rule has a default or allows "not given", so a missing value always reads.
    query[key] = rule(undefined);
    if (!invalid.includes(key)) invalid.push(key);
  }
  const notice =
    invalid.length === 0
      ? null
      : invalid.length === 1 && invalid[0] === "text"
        ? `预览文字最多 ${textMax} 个字，已截取前 ${textMax} 个字。`
        : `部分参数无效，已恢复默认：${invalid.map((key) => labels[key] ?? key).join("、")}。`;
  return { query: query as QueryOf<R>, invalid: invalid as (keyof QueryOf<R>)[], notice };
}

export function parseFontListQuery(input: Input): Parsed<FontListQuery> {
  return parseLenient(FONT_LIST_RULES, input, FONT_LIST_FIELD_LABELS, LIST_TEXT_MAX);
}

export function parseTesterQuery(input: Input): Parsed<TesterQuery> {
  return parseLenient(TESTER_RULES, input, TESTER_FIELD_LABELS, TESTER_TEXT_MAX);
}

/** The list as /font shows it with no parameter. */
export const DEFAULT_FONT_LIST_QUERY: FontListQuery = parseFontListQuery({}).query;

/**
 * Search params for a list URL: `query` with `overrides` applied; defaults are left out.
 * `page` is reset to 1 (a new filter starts at page 1) unless `keepPage` or an override sets it.
 */
export function fontListSearch(query: FontListQuery, overrides: Partial<FontListQuery> = {}, keepPage = false): string {
  const merged: FontListQuery = { ...query, ...(keepPage ? {} : { page: 1 }), ...overrides };
  const params = new URLSearchParams();
  const order: (keyof FontListQuery)[] = [
    "keyword",
    "style",
    "tag",
    "fonts",
    "subtitle",
    "text",
    "fit",
    "sort",
    "layout",
    "theme",
    "page",
  ];
  for (const key of order) {
    const value = merged[key];
    if (value === undefined || value === "" || value === false) continue;
    if (value === DEFAULT_FONT_LIST_QUERY[key]) continue;
    params.set(key, value === true ? "1" : String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The font numbers the list is narrowed to by a subtitle file ([] when none can show it), or undefined. */
export function subtitleFilterFonts(query: Pick<FontListQuery, "fonts">): string[] | undefined {
  if (query.fonts === undefined) return undefined;
  return query.fonts === NO_FONTS ? [] : query.fonts.split(".");
}

/**
 * The list's search narrowed to the fonts that can show a whole subtitle file, the file named; null
 * when more fonts can than one filter may name (the list would hardly be narrowed anyway).
 */
export function subtitleFilterSearch(query: FontListQuery, fontGNos: string[], fileName: string): string | null {
  if (fontGNos.length > SUBTITLE_FILTER_MAX_FONTS) return null;
  const subtitle = truncateChars(oneLine(fileName), SUBTITLE_NAME_MAX);
  return fontListSearch(query, { fonts: fontGNos.length > 0 ? fontGNos.join(".") : NO_FONTS, subtitle });
}

/** The list's search without the subtitle filter, every other filter kept. */
export function withoutSubtitleFilter(query: FontListQuery): string {
  return fontListSearch(query, { fonts: undefined, subtitle: "" });
}

/** The text the list previews: the visitor's text or the default sample. */
export function listPreviewText(query: Pick<FontListQuery, "text">): string {
  return query.text || DEFAULT_PREVIEW_TEXT;
}

const TESTER_DEFAULTS: TesterQuery = parseTesterQuery({}).query;

export function testerSearch(query: TesterQuery, overrides: Partial<TesterQuery> = {}): string {
  const merged = { ...query, ...overrides };
  const params = new URLSearchParams();
  if (merged.text) params.set("text", merged.text);
  if (merged.size !== TESTER_DEFAULTS.size) params.set("size", String(merged.size));
  if (merged.theme !== TESTER_DEFAULTS.theme) params.set("theme", merged.theme);
  if (merged.download) params.set("download", "1");
  const search = params.toString();
  return search ? `?${search}` : "";
}
