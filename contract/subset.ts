import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { codePointCount } from "./fields";

/** Limits of one subset batch. */
export const SUBSET_LIMITS = {
  maxItems: 50,
  /** Distinct characters of one item's text. */
  maxCharactersPerItem: 2000,
  /** Distinct characters summed over the items. */
  maxCharactersInAll: 20_000,
  /** Raw length of one text, repeats included; keeps absurd bodies out before counting. */
  maxTextLength: 20_000,
} as const;

const GNO_PATTERN = /^[0-9A-Za-z][0-9A-Za-z_-]{0,63}$/;

/** How many different code points `text` holds: the size of its subset. */
export function distinctCodePointCount(text: string): number {
  const seen = new Set<number>();
  for (const character of text) seen.add(character.codePointAt(0) ?? 0);
  return seen.size;
}

/** One item of a batch: the font (a number as text, or a plain number) and the text to cover. */
export const subsetRequestItemSchema = z.object(
  {
    gno: z
      .union([z.string(), z.number().int().nonnegative()], {
        errorMap: (_issue, context) => ({
          message: context.data === undefined || context.data === null ? "gno 不能为空" : "gno 必须是字体编号",
        }),
      })
      .transform((gno) => String(gno).trim())
      .refine((gno) => gno.length > 0, "gno 不能为空")
      .refine((gno) => gno.length === 0 || GNO_PATTERN.test(gno), "gno 必须是字体编号（字母或数字）"),
    text: z
      .string({ required_error: "text 不能为空", invalid_type_error: "text 必须是字符串" })
      .min(1, "text 不能为空")
      .refine((text) => codePointCount(text) <= SUBSET_LIMITS.maxTextLength, {
        message: `text 不能超过 ${SUBSET_LIMITS.maxTextLength} 个字符`,
      }),
  },
  { errorMap: () => ({ message: "必须是 {gno, text} 对象" }) },
);
export type SubsetRequestItem = z.input<typeof subsetRequestItemSchema>;
export type ParsedSubsetRequestItem = z.output<typeof subsetRequestItemSchema>;

const LIST_SHAPE_MESSAGE = "请求体必须是 [{gno, text}] 数组，或 {list: [{gno, text}]}";

/** `{list: [...]}` is read as its list. */
function unwrapList(body: unknown): unknown {
  if (Array.isArray(body)) return body;
  if (body && typeof body === "object" && Array.isArray((body as { list?: unknown }).list)) {
    return (body as { list: unknown[] }).list;
  }
  return body;
}

/**
 * A batch: `[{gno, text}, …]` or `{list: [...]}`, 1–50 items. Each message names the item at
 * fault (`第 2 项：text 不能为空`); the first one found is the one to show.
 */
export const subsetRequestSchema = z.preprocess(
  unwrapList,
  z.array(z.unknown(), { errorMap: () => ({ message: LIST_SHAPE_MESSAGE }) }).transform((list, context) => {
    if (list.length === 0) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: "请求列表不能为空" });
      return z.NEVER;
    }
    if (list.length > SUBSET_LIMITS.maxItems) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: `一次最多请求 ${SUBSET_LIMITS.maxItems} 项（收到 ${list.length} 项）`,
      });
      return z.NEVER;
    }
    const items: ParsedSubsetRequestItem[] = [];
    let total = 0;
    for (const [index, raw] of list.entries()) {
      const parsed = subsetRequestItemSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: [index, ...(issue?.path ?? [])],
          message: `第 ${index + 1} 项：${issue?.message ?? "参数不合法"}`,
        });
        return z.NEVER;
      }
      const distinct = distinctCodePointCount(parsed.data.text);
      if (distinct > SUBSET_LIMITS.maxCharactersPerItem) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: [index, "text"],
          message: `第 ${index + 1} 项：text 去重后不能超过 ${SUBSET_LIMITS.maxCharactersPerItem} 个字符（收到 ${distinct} 个）`,
        });
        return z.NEVER;
      }
      total += distinct;
      items.push(parsed.data);
    }
    if (total > SUBSET_LIMITS.maxCharactersInAll) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: `全部 text 去重后合计不能超过 ${SUBSET_LIMITS.maxCharactersInAll} 个字符（收到 ${total} 个）`,
      });
      return z.NEVER;
    }
    return items;
  }),
  // The preprocessing step hides the input type; this states what a caller sends.
) as unknown as z.ZodType<ParsedSubsetRequestItem[], z.ZodTypeDef, SubsetRequest>;

export type SubsetRequest = SubsetRequestItem[] | { list: SubsetRequestItem[] };

/**
 * One subset, in the order asked. `familyName` is the CSS family to declare: a CSS identifier cannot
 * start with a digit, so a name from a backend that starts with one is read with a leading `A`; `woffPath` is the WOFF subset, or its WOFF2 once written; `ttfPath` the TTF (`.otf` for a
 * CFF font). Both are under `/webfont/files/` of the subset service, with `?t=<creation time>`.
 */
export const subsetResponseItemSchema = z.object({
  gno: z.string().min(1),
  text: z.string(),
  familyName: z
    .string()
    .min(1)
    .transform((name) => (/^[0-9]/.test(name) ? `A${name}` : name)),
  woffPath: z.string().min(1),
  ttfPath: z.string().min(1),
  /**
   * The characters of `text` the font has no glyph for, read from the subset's character map. An
   * extension of SPEC 7's answer: a service without it leaves it out, and a caller then reads the
   * subset file itself.
   */
  lacking: z.string().optional(),
});
export type SubsetResponseItem = z.infer<typeof subsetResponseItemSchema>;

export const createSubsets = defineEndpoint({
  method: "POST",
  path: "/webfont/http",
  service: "subset",
  body: subsetRequestSchema,
  data: z.array(subsetResponseItemSchema),
  auth: "none",
});

/** A subset file named in an answer of `createSubsets`, cached for a year. */
export const getSubsetFile = defineEndpoint({
  method: "GET",
  path: "/webfont/files/:name",
  service: "subset",
  params: z.object({ name: z.string().min(1) }),
  kind: "file",
  auth: "none",
});

export const subsetEndpoints = { createSubsets, getSubsetFile };
