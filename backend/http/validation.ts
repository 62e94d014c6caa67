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

/**
 * A query string value; a parameter repeated in the URL (`?a=1&a=2`) arrives as an array and is refused,
 * and so is a NUL character, which PostgreSQL refuses in text.
 */
export function queryValue() {
  return z
    .string({ required_error: "不能为空", invalid_type_error: "只能出现一次" })
    .regex(/^[^\u0000]*$/, "不能包含空字符");
}

/** An optional trimmed text; an empty value counts as absent. */
export function optionalText(maxLength: number) {
  return queryValue()
    .trim()
    .max(maxLength, `最多 ${maxLength} 个字符`)
    .optional()
    .transform((value) => value || undefined);
}

/** An optional integer in [min, max] written in plain digits; an empty value counts as absent. */
export function optionalInt(min: number, max: number) {
  const message = max >= 1e9 && min === 1 ? "必须是正整数" : `必须是 ${min} 到 ${max} 之间的整数`;
  return queryValue()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === "") return undefined;
      const parsed = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
      if (!(parsed >= min && parsed <= max)) {
        context.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return parsed;
    });
}

export function intWithDefault(min: number, max: number, fallback: number) {
  return optionalInt(min, max).transform((value) => value ?? fallback);
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    errorMap: (issue) => ({
      message:
        issue.code === "invalid_type" && issue.received === "undefined"
          ? "不能为空"
          : `必须是 ${values.join("、")} 之一`,
    }),
  });
}

export const pagingSchema = z.object({
  current: intWithDefault(1, 1_000_000_000, 1),
  size: intWithDefault(1, 100, 20),
});

export type Paging = z.output<typeof pagingSchema>;

export type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };

export function toPage<T>(records: T[], total: number, paging: Paging): Page<T> {
  return { ...paging, records, total, pages: Math.ceil(total / paging.size) };
}
