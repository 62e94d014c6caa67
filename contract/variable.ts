import { z } from "zod";
import { licenseSchema } from "./catalogue";
import { defineEndpoint, PUBLIC_READ_CACHE } from "./endpoint";
import { pageQuerySchema, pageSchema } from "./envelope";
import { oneOf, optionalQueryText, queryValue } from "./query";
import { subsetRequestSchema } from "./subset";

/** Variable fonts are numbered apart from the static catalogue: `v` and digits. */
export const VARIABLE_GNO_PATTERN = /^v[0-9]{1,9}$/;

/** An OpenType axis tag as CSS writes it in `font-variation-settings`: four letters or digits. */
export const AXIS_TAG_PATTERN = /^[A-Za-z0-9]{4}$/;

export const VARIABLE_CATEGORIES = ["hei", "song", "latin"] as const;
export type VariableCategory = (typeof VARIABLE_CATEGORIES)[number];
export const VARIABLE_CATEGORY_NAMES: Record<VariableCategory, string> = {
  hei: "黑体",
  song: "宋体",
  latin: "西文",
};

/** Names for the registered axes; a font's own name (from fvar/STAT) is used for the rest. */
export const AXIS_NAMES_ZH: Record<string, string> = {
  wght: "字重",
  wdth: "字宽",
  slnt: "倾斜",
  ital: "斜体",
  opsz: "视觉字号",
  GRAD: "笔画等级",
  CASL: "手写感",
  CRSV: "草书",
  MONO: "等宽",
};

export const variableAxisSchema = z.object({
  tag: z.string().regex(AXIS_TAG_PATTERN),
  /** The font's own name of the axis (STAT, else fvar). */
  name: z.string(),
  min: z.number(),
  default: z.number(),
  max: z.number(),
  /** Flagged hidden in fvar: meant for tools rather than for a slider in front of readers. */
  hidden: z.boolean(),
});
export type VariableAxis = z.infer<typeof variableAxisSchema>;

/** A named instance: a point of the design space the font names (Bold, Mono Casual…). */
export const variableInstanceSchema = z.object({
  name: z.string().min(1),
  coordinates: z.record(z.string(), z.number()),
});
export type VariableInstance = z.infer<typeof variableInstanceSchema>;

export const variableFontSchema = z.object({
  gno: z.string().regex(VARIABLE_GNO_PATTERN),
  /** The family's name in the font's name table, e.g. `Noto Sans SC`. */
  familyName: z.string().min(1),
  nameZh: z.string().min(1),
  description: z.string(),
  category: z.enum(VARIABLE_CATEGORIES),
  categoryName: z.string(),
  /** Shown first on /variable. */
  featured: z.boolean(),
  /** A line that suits the font's script, for previews when the visitor typed nothing. */
  sampleText: z.string().min(1),
  axes: z.array(variableAxisSchema).min(1),
  instances: z.array(variableInstanceSchema),
  /** Unicode-range slices the font is published in; each subset file comes from one of them. */
  sliceCount: z.number().int().positive(),
  codepointCount: z.number().int().nonnegative(),
  version: z.string().nullable(),
  copyright: z.string().nullable(),
  designer: z.string().nullable(),
  license: licenseSchema,
});
export type VariableFont = z.infer<typeof variableFontSchema>;

export const variableFontListQuerySchema = pageQuerySchema.extend({
  /** Only fonts with this axis, e.g. `wght`, `wdth`. */
  axis: optionalQueryText(4).pipe(z.string().regex(AXIS_TAG_PATTERN, "必须是四个字母或数字的轴标签").optional()),
  /** A category code; empty or `all`: every category. */
  category: optionalQueryText(10)
    .transform((value) => (value === "all" ? undefined : value))
    .pipe(oneOf(VARIABLE_CATEGORIES).optional()),
});
export type VariableFontListQuery = z.output<typeof variableFontListQuerySchema>;

export const variableGnoParamsSchema = z.object({
  gno: queryValue().regex(VARIABLE_GNO_PATTERN, "必须是可变字体编号（如 v1）"),
});

/**
 * One file of a variable subset: every file of an item shares the item's family name, each
 * declared with its own `unicodeRange` (CSS syntax, `U+4E00,U+4E8C-4E8D`).
 */
export const variableSubsetFileSchema = z.object({
  woffPath: z.string().min(1),
  ttfPath: z.string().min(1),
  unicodeRange: z.string().min(1),
});
export type VariableSubsetFile = z.infer<typeof variableSubsetFileSchema>;

export const variableSubsetItemSchema = z.object({
  gno: z.string(),
  text: z.string(),
  familyName: z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/),
  /** One file per slice of the font that holds characters of the text; empty when it holds none. */
  files: z.array(variableSubsetFileSchema),
  /** The axes the files keep, for `font-variation-settings` and the `font-weight` range. */
  axes: z.array(variableAxisSchema),
  /** Characters of the text the font does not have. */
  missing: z.string(),
});
export type VariableSubsetItem = z.infer<typeof variableSubsetItemSchema>;

// ---------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------

/** Every variable font with its axes and named instances; paged, by axis and by category. */
export const getVariableFontList = defineEndpoint({
  method: "GET",
  path: "/api/v1/variable/query-list",
  query: variableFontListQuerySchema,
  data: pageSchema(variableFontSchema),
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/** One variable font. */
export const getVariableFont = defineEndpoint({
  method: "GET",
  path: "/api/v1/variable/font/:gno",
  params: variableGnoParamsSchema,
  data: variableFontSchema,
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

/**
 * Subsets of variable fonts that keep their axes, as `/webfont/http` does for static fonts: the same
 * batch `{gno, text}` and limits; files are served under `/webfont/files/`.
 */
export const createVariableSubsets = defineEndpoint({
  method: "POST",
  path: "/subset/web-variable-font",
  service: "subset",
  body: subsetRequestSchema,
  data: z.array(variableSubsetItemSchema),
  auth: "none",
});

export const variableEndpoints = { getVariableFontList, getVariableFont, createVariableSubsets };
