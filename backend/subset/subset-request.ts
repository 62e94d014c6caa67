import { z } from "zod";
import { badRequest } from "../http/envelope.js";
import { nestsDeeperThan } from "../http/json-depth.js";
import { normalizeCodepoints } from "./subset-key.js";

/** Limits of one `POST /webfont/http` (docs/api.md, "Subset service"). */
export const SUBSET_LIMITS = {
  maxItems: 50,
  /** Distinct characters of one item's text. */
  maxCharactersPerItem: 2000,
  /** Distinct characters summed over the items. */
  maxCharactersInAll: 20_000,
  /** Raw length of one text, repeats included; keeps absurd bodies out before counting. */
  maxTextLength: 20_000,
} as const;

export type SubsetRequestItem = {
  gno: string;
  text: string;
  /** Sorted distinct code points of `text`. */
  codepoints: number[];
};

/** `{list: [{gno, text}]}` is 3 deep; the rest leaves room for extra fields a client sends along, which are ignored. */
const MAX_BODY_DEPTH = 8;

const GNO_PATTERN = /^[0-9A-Za-z][0-9A-Za-z_-]{0,63}$/;

const itemSchema = z.object(
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
      .refine((text) => characterCount(text) <= SUBSET_LIMITS.maxTextLength, {
        message: `text 不能超过 ${SUBSET_LIMITS.maxTextLength} 个字符`,
      }),
  },
  { errorMap: () => ({ message: "必须是 {gno, text} 对象" }) },
);

/**
 * Validates the body of `POST /webfont/http`: an array of `{gno, text}` or `{list: [...]}`.
 * Throws the 400 ApiError with a Chinese message naming the item and field at fault.
 */
export function parseSubsetRequest(body: unknown): SubsetRequestItem[] {
  if (nestsDeeperThan(body, MAX_BODY_DEPTH)) throw badRequest("请求体嵌套过深");
  const list = unwrapList(body);
  if (list.length === 0) throw badRequest("请求列表不能为空");
  if (list.length > SUBSET_LIMITS.maxItems) {
    throw badRequest(`一次最多请求 ${SUBSET_LIMITS.maxItems} 项（收到 ${list.length} 项）`);
  }
  const items = list.map((raw, index) => parseItem(raw, index));
  const total = items.reduce((sum, item) => sum + item.codepoints.length, 0);
  if (total > SUBSET_LIMITS.maxCharactersInAll) {
    throw badRequest(`全部 text 去重后合计不能超过 ${SUBSET_LIMITS.maxCharactersInAll} 个字符（收到 ${total} 个）`);
  }
  return items;
}

function unwrapList(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === "object" && Array.isArray((body as { list?: unknown }).list)) {
    return (body as { list: unknown[] }).list;
  }
  throw badRequest("请求体必须是 [{gno, text}] 数组，或 {list: [{gno, text}]}");
}

function parseItem(raw: unknown, index: number): SubsetRequestItem {
  const parsed = itemSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(`第 ${index + 1} 项：${parsed.error.issues[0]?.message ?? "参数不合法"}`);
  const { gno, text } = parsed.data;
  const codepoints = normalizeCodepoints(text);
  if (codepoints.length > SUBSET_LIMITS.maxCharactersPerItem) {
    throw badRequest(
      `第 ${index + 1} 项：text 去重后不能超过 ${SUBSET_LIMITS.maxCharactersPerItem} 个字符（收到 ${codepoints.length} 个）`,
    );
  }
  return { gno, text, codepoints };
}

function characterCount(text: string): number {
  let count = 0;
  for (const _character of text) count++;
  return count;
}
