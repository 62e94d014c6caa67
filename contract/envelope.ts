import { z, type ZodTypeAny } from "zod";
import { SUCCESS_CODE } from "./codes";
import { queryIntWithDefault } from "./query";

export * from "./codes";

/** Every JSON answer: `{code, message, data}`, `data` shaped by `data` on success. */
export function envelopeSchema<T extends ZodTypeAny>(data: T) {
  return z.object({ code: z.string(), message: z.string(), data });
}

export type Envelope<T> = { code: string; message: string; data: T };

/** A success: code "200" and the endpoint's data. */
export function successEnvelopeSchema<T extends ZodTypeAny>(data: T) {
  return z.object({ code: z.literal(SUCCESS_CODE), message: z.string(), data });
}

/** A refusal: any code but "200", a message to show, no data. */
export const errorEnvelopeSchema = z.object({
  code: z.string().refine((code) => code !== SUCCESS_CODE, "失败的应答不能使用成功码"),
  message: z.string().min(1),
  data: z.null(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;

/** `current` (1-based, default 1) and `size` (1–100, default 20) of a paged list. */
export const pageQuerySchema = z.object({
  current: queryIntWithDefault(1, 1_000_000_000, 1),
  size: queryIntWithDefault(1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});

export type PageQuery = z.output<typeof pageQuerySchema>;

const count = z.number().int().nonnegative();

/** One page of a list: `pages` is `ceil(total / size)`. */
export function pageSchema<T extends ZodTypeAny>(item: T) {
  return z.object({
    records: z.array(item),
    total: count,
    current: z.number().int().positive(),
    size: z.number().int().positive(),
    pages: count,
  });
}

export type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };
