import type { Request } from "express";
import { z, type ZodTypeAny } from "zod";
import { badRequest } from "./envelope.js";

/** Parses `input` with `schema`; a failure becomes a 400 naming the first offending field. */
export function parseOrThrow<S extends ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || "请求";
  throw badRequest(`参数 ${field} ${issue?.message ?? "不合法"}`);
}

export function parseQuery<S extends ZodTypeAny>(schema: S, req: Request): z.output<S> {
  return parseOrThrow(schema, req.query);
}

/** A query parameter given once; repeated parameters (`?a=1&a=2`) are rejected. */
function single(message = "只能出现一次") {
  return z.string({ invalid_type_error: message });
}

/** An optional trimmed string; an empty value counts as absent. */
export function optionalText(maxLength: number) {
  return single()
    .trim()
    .max(maxLength, `最多 ${maxLength} 个字符`)
    .optional()
    .transform((value) => (value ? value : undefined));
}

export function optionalInt(min: number, max: number, fallback: number) {
  return single()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === "") return fallback;
      const parsed = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
      if (Number.isNaN(parsed) || parsed < min || parsed > max) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: describeRange(min, max) });
        return z.NEVER;
      }
      return parsed;
    });
}

function describeRange(min: number, max: number): string {
  if (max >= 1e9 && min === 1) return "必须是正整数";
  return `必须是 ${min} 到 ${max} 之间的整数`;
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    errorMap: () => ({ message: `必须是 ${values.join("、")} 之一` }),
  });
}

export const pagingSchema = z.object({
  current: optionalInt(1, 1_000_000_000, 1),
  size: optionalInt(1, 100, 20),
});

export type Paging = z.output<typeof pagingSchema>;

export type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

export function toPage<T>(records: T[], total: number, paging: Paging): Page<T> {
  return { ...paging, records, total, pages: Math.ceil(total / paging.size) };
}
