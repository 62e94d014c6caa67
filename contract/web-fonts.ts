import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { distinctCodePointCount, SUBSET_LIMITS } from "./subset";

/**
 * The web-font CSS API, in the shape of Google Fonts' CSS2 (`/css2?family=思源黑体:wght@400;700&display=swap`):
 * served by the subset service (SUBSET_BASE), beside the font files its stylesheets name.
 */

export const WEB_FONT_LIMITS = {
  /** `family` parameters in one request. */
  maxFamilies: 8,
  /** Weights asked for in one `family` parameter. */
  maxWeightsPerFamily: 9,
  /** Characters of a family name. */
  maxNameLength: 64,
  /** Distinct characters of `text`, as one item of a subset request. */
  maxTextCharacters: SUBSET_LIMITS.maxCharactersPerItem,
} as const;

export const FONT_DISPLAY_VALUES = ["auto", "block", "swap", "fallback", "optional"] as const;
export type FontDisplay = (typeof FONT_DISPLAY_VALUES)[number];

/** Which weights a `family` parameter asks for: none named (the family's default), a list, or a range. */
export type WeightRequest =
  { kind: "default" } | { kind: "list"; weights: number[] } | { kind: "range"; from: number; to: number };

/** One `family` parameter: the family's name as written (Chinese or English) and the weights. */
export type FamilyRequest = { name: string; weights: WeightRequest };

const WEIGHT_PATTERN = /^\d{1,4}$/;

function readWeight(text: string): number | null {
  const weight = WEIGHT_PATTERN.test(text) ? Number(text) : Number.NaN;
  return weight >= 1 && weight <= 1000 ? weight : null;
}

/**
 * Reads `name[:wght@400;700]` (also `:wght@100..900`); a message in Chinese for anything else.
 * Spaces in a name may be written `+`, as Google Fonts' addresses do.
 */
export function parseFamilyRequest(value: string): FamilyRequest | string {
  const colon = value.indexOf(":");
  const name = (colon < 0 ? value : value.slice(0, colon)).replace(/\+/g, " ").replace(/\s+/g, " ").trim();
  if (!name) return "family 不能为空，例如 family=思源黑体:wght@400;700";
  if ([...name].length > WEB_FONT_LIMITS.maxNameLength) return `字体名称最多 ${WEB_FONT_LIMITS.maxNameLength} 个字符`;
  if (colon < 0) return { name, weights: { kind: "default" } };
  const axes = value.slice(colon + 1).trim();
  const match = /^([^@]*)@(.*)$/.exec(axes);
  if (!match || match[1]!.trim() !== "wght") {
    return `「${name}」的字重写法不正确：只支持 wght 轴，例如 ${name}:wght@400;700 或 ${name}:wght@100..900`;
  }
  const spec = match[2]!.trim();
  const range = /^(\d{1,4})\.\.(\d{1,4})$/.exec(spec);
  if (range) {
    const from = readWeight(range[1]!);
    const to = readWeight(range[2]!);
    if (from === null || to === null || from > to)
      return `「${name}」的字重范围不正确（应为 1..1000 之内，如 100..900）`;
    return { name, weights: { kind: "range", from, to } };
  }
  const parts = spec.split(";").map((part) => part.trim());
  if (parts.length > WEB_FONT_LIMITS.maxWeightsPerFamily) {
    return `「${name}」一次最多请求 ${WEB_FONT_LIMITS.maxWeightsPerFamily} 个字重`;
  }
  const weights: number[] = [];
  for (const part of parts) {
    const weight = readWeight(part);
    if (weight === null) return `「${name}」的字重「${part}」不正确：字重是 1 到 1000 之间的整数，如 400`;
    if (!weights.includes(weight)) weights.push(weight);
  }
  return { name, weights: { kind: "list", weights: weights.sort((a, b) => a - b) } };
}

function queryStrings(value: unknown): string[] | null {
  if (value === undefined) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value as string[];
  return null;
}

/** The query of `/css2`, every value as text (`family` may repeat). */
export const webFontCssQuerySchema = z
  .object({ family: z.unknown(), display: z.unknown(), text: z.unknown() })
  .passthrough()
  .transform((query, context) => {
    const fail = (message: string) => {
      context.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    };
    const families = queryStrings(query.family);
    if (families === null) return fail("family 参数格式不正确");
    if (families.length === 0) return fail("缺少 family 参数，例如 /css2?family=思源黑体:wght@400;700");
    if (families.length > WEB_FONT_LIMITS.maxFamilies) {
      return fail(`一次最多请求 ${WEB_FONT_LIMITS.maxFamilies} 个字体家族（收到 ${families.length} 个）`);
    }
    const parsed: FamilyRequest[] = [];
    for (const family of families) {
      if (family.includes("\u0000")) return fail("family 不能包含空字符");
      const request = parseFamilyRequest(family);
      if (typeof request === "string") return fail(request);
      parsed.push(request);
    }
    const displays = queryStrings(query.display);
    if (displays === null || displays.length > 1) return fail("display 只能出现一次");
    const display = displays[0] || undefined;
    if (display !== undefined && !(FONT_DISPLAY_VALUES as readonly string[]).includes(display)) {
      return fail(`display 只能是 ${FONT_DISPLAY_VALUES.join("、")} 之一`);
    }
    const texts = queryStrings(query.text);
    if (texts === null || texts.length > 1) return fail("text 只能出现一次");
    const text = texts[0] || undefined;
    if (text !== undefined) {
      if (text.includes("\u0000")) return fail("text 不能包含空字符");
      if (text.length > SUBSET_LIMITS.maxTextLength) return fail(`text 不能超过 ${SUBSET_LIMITS.maxTextLength} 个字符`);
      const distinct = distinctCodePointCount(text);
      if (distinct > WEB_FONT_LIMITS.maxTextCharacters) {
        return fail(`text 去重后不能超过 ${WEB_FONT_LIMITS.maxTextCharacters} 个字符（收到 ${distinct} 个）`);
      }
    }
    return { families: parsed, display: (display ?? "swap") as FontDisplay, text };
  });
export type WebFontCssQuery = z.output<typeof webFontCssQuerySchema>;

/** The family parameter for `name` and `weights`, as Google Fonts writes it (`Noto+Sans+SC:wght@400;700`). */
export function familyParameter(name: string, weights: readonly number[] = []): string {
  const encoded = encodeURIComponent(name).replace(/%20/g, "+");
  return weights.length > 0 ? `${encoded}:wght@${[...weights].sort((a, b) => a - b).join(";")}` : encoded;
}

/** `/css2?family=…&display=swap` for these families, relative to the subset service's base. */
export function webFontCssPath(
  families: ReadonlyArray<{ name: string; weights?: readonly number[] }>,
  display: FontDisplay = "swap",
): string {
  const parameters = families.map((family) => `family=${familyParameter(family.name, family.weights)}`);
  return `${webFontCss.path}?${[...parameters, `display=${display}`].join("&")}`;
}

/** A stylesheet of `@font-face` rules: subsets of exactly `text`, or the family in `unicode-range` slices. */
export const webFontCss = defineEndpoint({
  method: "GET",
  path: "/css2",
  service: "subset",
  query: webFontCssQuerySchema,
  kind: "file",
  auth: "none",
});

/** One slice of a family's font, named `<gno>-<index>-<subset hash>.<woff2|woff>`, cached for a year. */
export const getWebFontSlice = defineEndpoint({
  method: "GET",
  path: "/webfont/slices/:name",
  service: "subset",
  params: z.object({ name: z.string().min(1) }),
  kind: "file",
  auth: "none",
});

export const webFontEndpoints = { webFontCss, getWebFontSlice };
