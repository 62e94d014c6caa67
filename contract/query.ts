import { z } from "zod";

/**
 * Rules for query-string parameters. Every value arrives as text, so numbers are read from their
 * digits here. Messages name no parameter: the backend puts `参数 <name> ` in front of them.
 */

/**
 * A query string value. A parameter repeated in the URL (`?a=1&a=2`) arrives as an array and is
 * refused, and so is a NUL character, which PostgreSQL refuses in text.
 */
export function queryValue() {
  return z
    .string({ required_error: "不能为空", invalid_type_error: "只能出现一次" })
    .regex(/^[^\u0000]*$/, "不能包含空字符");
}

/** An optional trimmed text of at most `maxLength` UTF-16 units; an empty value counts as absent. */
export function optionalQueryText(maxLength: number) {
  return queryValue()
    .trim()
    .max(maxLength, `最多 ${maxLength} 个字符`)
    .optional()
    .transform((value) => value || undefined);
}

/** An optional integer in [min, max] written in plain digits; an empty value counts as absent. */
export function optionalQueryInt(min: number, max: number) {
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

export function queryIntWithDefault(min: number, max: number, fallback: number) {
  return optionalQueryInt(min, max).transform((value) => value ?? fallback);
}

/** One of `values`; the message lists them. */
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
