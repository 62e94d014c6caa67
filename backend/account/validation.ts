import { z, type ZodTypeAny } from "zod";
import { badRequest } from "../http/envelope.js";
import { HONEYPOT_MESSAGE } from "./errors.js";

/** The messages the website shows for the same fields, word for word. */
export const PHONE_MESSAGE = "手机号格式不正确";
export const EMAIL_MESSAGE = "邮箱格式不正确";
export const ACCOUNT_MESSAGE = "手机号或邮箱账号格式不正确";

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9_-]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]{2,3}){1,2}$/;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type AccountKind = "phone" | "email";

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Phone numbers stay as typed (trimmed); e-mail addresses are compared lower-cased. */
export function normaliseAccount(value: string): { kind: AccountKind; value: string } | null {
  const text = value.trim();
  if (isPhone(text)) return { kind: "phone", value: text };
  if (isEmail(text)) return { kind: "email", value: text.toLowerCase() };
  return null;
}

/** A required string field with a Chinese message when missing or of the wrong type. */
export function requiredText(missing: string, max = 200) {
  return z
    .string({ required_error: missing, invalid_type_error: missing })
    .trim()
    .min(1, missing)
    .max(max, `内容不能超过 ${max} 个字符`);
}

export const phoneField = requiredText("请输入手机号", 20).pipe(z.string().regex(PHONE_PATTERN, PHONE_MESSAGE));
export const emailField = requiredText("请输入邮箱", 100)
  .pipe(z.string().regex(EMAIL_PATTERN, EMAIL_MESSAGE))
  .transform((value) => value.toLowerCase());
export const accountField = requiredText("请输入手机号或邮箱", 100).transform((value, context) => {
  const account = normaliseAccount(value);
  if (!account) {
    context.addIssue({ code: z.ZodIssueCode.custom, message: ACCOUNT_MESSAGE });
    return z.NEVER;
  }
  return account;
});
export const codeField = requiredText("请输入验证码", 10).pipe(z.string().regex(/^\d{6}$/, "验证码为 6 位数字"));
/** Passwords are not trimmed: spaces are characters like any other. */
export const passwordField = z
  .string({ required_error: "请输入密码", invalid_type_error: "请输入密码" })
  .min(1, "请输入密码")
  .max(PASSWORD_MAX, `密码不能超过 ${PASSWORD_MAX} 个字符`);
export const newPasswordField = passwordField
  .refine((value) => [...value].length >= PASSWORD_MIN, `密码至少 ${PASSWORD_MIN} 个字符`)
  .refine((value) => value.trim() !== "", "密码不能全是空格");
export const nicknameField = z
  .string({ invalid_type_error: "昵称格式不正确" })
  .trim()
  .max(30, "昵称不能超过 30 个字符")
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "昵称不能包含控制字符");

/**
 * Parses a request part. Messages written in Chinese for the user are passed through as they are;
 * anything else (a wrong type zod describes in English) becomes `参数 <field> 格式不正确`.
 */
export function parseInput<S extends ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || "请求";
  if (issue && /[\u4e00-\u9fff]/.test(issue.message)) throw badRequest(issue.message);
  throw badRequest(`参数 ${field} 格式不正确`);
}

/** Rejects a request whose honeypot field (`website`, which real users never see) carries anything. */
export function checkHoneypot(body: unknown): void {
  const value = (body as Record<string, unknown> | null | undefined)?.website;
  if (value !== undefined && value !== null && value !== "") throw badRequest(HONEYPOT_MESSAGE);
}

/** Parses the body of a form open to signed-out visitors: the honeypot first, then `schema`. */
export function parseForm<S extends ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  checkHoneypot(body);
  return parseInput(schema, body);
}
