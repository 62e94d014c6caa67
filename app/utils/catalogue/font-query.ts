import { FONT_SORTS, KEYWORD_MAX, type FontSort } from "@contract/catalogue";
import { z } from "zod";
import { truncateChars, type ListLayout, type PreviewTheme } from "./fonts";

/**
 * Query parameters of the font list (/font) and of the type tester on /font/{id}.
 * One zod schema each, used by the loaders (parsing) and by the components (links, forms).
 * Bad values never fail the page: they fall back to defaults and produce a Chinese notice.
 */

export const DEFAULT_PREVIEW_TEXT = "点赞关注不迷路";
export const LIST_TEXT_MAX = 100;
export const TESTER_TEXT_MAX = 200;
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

/** "" and missing both mean "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : value;

const text = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/[\r\n\t]+/g, " ").trim() : value),
    z
      .string()
      .refine((value) => Array.from(value).length <= max, `预览文字最多 ${max} 个字`)
      .default(""),
  );

const checkbox = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? false : value),
  z.union([z.literal(false), z.enum(["1", "on", "true"]).transform(() => true), z.literal("0").transform(() => false)]),
);

export const fontListQuerySchema = z.object({
  layout: z.preprocess(blankToUndefined, z.enum(LAYOUTS).default("stick")),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
  style: z.preprocess(
    (value) => (blankToUndefined(value) === "all" ? undefined : blankToUndefined(value)),
    z
      .string()
      .regex(/^[a-zA-Z0-9_-]{1,40}$/)
      .optional(),
  ),
  tag: z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional()),
  keyword: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.string().max(KEYWORD_MAX).default(""),
  ),
  sort: z.preprocess(blankToUndefined, z.enum(SORTS).default("hot")),
  text: text(LIST_TEXT_MAX),
  fit: checkbox,
  theme: z.preprocess(blankToUndefined, z.enum(THEMES).default("light")),
});

export type FontListQuery = z.output<typeof fontListQuerySchema>;

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
};

export const testerQuerySchema = z.object({
  text: text(TESTER_TEXT_MAX),
  size: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(TESTER_SIZE_MIN).max(TESTER_SIZE_MAX).default(TESTER_SIZE_DEFAULT),
  ),
  theme: z.preprocess(blankToUndefined, z.enum(THEMES).default("light")),
  download: checkbox,
});

export type TesterQuery = z.output<typeof testerQuerySchema>;

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

function parseLenient<S extends z.AnyZodObject>(
  schema: S,
  input: Input,
  labels: Record<string, string>,
  textMax: number,
): Parsed<z.output<S>> {
  const keys = Object.keys(schema.shape);
  const raw = toRecord(input, keys);
  const invalid: string[] = [];
  // Over-long text is cut rather than dropped: the visitor's words matter most.
  if (typeof raw.text === "string" && Array.from(raw.text.trim()).length > textMax) {
    raw.text = truncateChars(raw.text.trim(), textMax);
    invalid.push("text");
  }
  let result = schema.safeParse(raw);
  for (let round = 0; !result.success && round < keys.length; round++) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (key && key in raw) {
        delete raw[key];
        if (!invalid.includes(key)) invalid.push(key);
      }
    }
    result = schema.safeParse(raw);
  }
  // Every field has a default or is optional, so an empty input always parses.
  const query = (result.success ? result.data : schema.parse({})) as z.output<S>;
  const notice =
    invalid.length === 0
      ? null
      : invalid.length === 1 && invalid[0] === "text"
        ? `预览文字最多 ${textMax} 个字，已截取前 ${textMax} 个字。`
        : `部分参数无效，已恢复默认：${invalid.map((key) => labels[key] ?? key).join("、")}。`;
  return { query, invalid: invalid as (keyof z.output<S>)[], notice };
}

export function parseFontListQuery(input: Input): Parsed<FontListQuery> {
  return parseLenient(fontListQuerySchema, input, FONT_LIST_FIELD_LABELS, LIST_TEXT_MAX);
}

export function parseTesterQuery(input: Input): Parsed<TesterQuery> {
  return parseLenient(testerQuerySchema, input, TESTER_FIELD_LABELS, TESTER_TEXT_MAX);
}

const LIST_DEFAULTS: FontListQuery = fontListQuerySchema.parse({});

/**
 * Search params for a list URL: `query` with `overrides` applied; defaults are left out.
 * `page` is reset to 1 (a new filter starts at page 1) unless `keepPage` or an override sets it.
 */
export function fontListSearch(query: FontListQuery, overrides: Partial<FontListQuery> = {}, keepPage = false): string {
  const merged: FontListQuery = { ...query, ...(keepPage ? {} : { page: 1 }), ...overrides };
  const params = new URLSearchParams();
  const order: (keyof FontListQuery)[] = ["keyword", "style", "tag", "text", "fit", "sort", "layout", "theme", "page"];
  for (const key of order) {
    const value = merged[key];
    if (value === undefined || value === "" || value === false) continue;
    if (value === LIST_DEFAULTS[key]) continue;
    params.set(key, value === true ? "1" : String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The text the list previews: the visitor's text or the default sample. */
export function listPreviewText(query: Pick<FontListQuery, "text">): string {
  return query.text || DEFAULT_PREVIEW_TEXT;
}

const TESTER_DEFAULTS: TesterQuery = testerQuerySchema.parse({});

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
