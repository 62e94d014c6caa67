import { z } from "zod";
import {
  ACCOUNT_MESSAGE,
  EMAIL_MESSAGE,
  PHONE_MESSAGE,
  RequiredAccountSchema,
  RequiredEmailSchema,
  RequiredPhoneSchema,
  fieldErrors,
  required,
} from "./validation";
import type { SendCodeState } from "./send-code";
import { NICKNAME_MAX } from "./profile-forms";

/**
 * One zod schema per account form: the actions validate with them, and the browser runs the same
 * schema on submit for inline hints (the forms are `noValidate`, so the Chinese messages of SPEC 5
 * show with JavaScript on or off).
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_MESSAGE = "请输入 6 位数字验证码";
export const PASSWORD_MESSAGE = `密码至少 ${PASSWORD_MIN} 位`;
export const CONFIRM_MESSAGE = "两次输入的密码不一致";
export const AGREE_MESSAGE = "请阅读并同意《用户注册协议》和《字体授权协议》";
export { ACCOUNT_MESSAGE, EMAIL_MESSAGE, NICKNAME_MAX, PHONE_MESSAGE };

const text = z
  .string()
  .optional()
  .transform((value) => value ?? "");

/** The honeypot (decision 004): passed through to the backend, which refuses any value. */
const honeypot = text;

const code = required("请输入验证码").pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE));

const password = text.pipe(
  z
    .string()
    .min(1, "请输入密码")
    .refine((value) => value.length >= PASSWORD_MIN, PASSWORD_MESSAGE)
    .refine((value) => value.length <= PASSWORD_MAX, `密码不能超过 ${PASSWORD_MAX} 位`)
    .refine((value) => value.trim() !== "", "密码不能全是空格"),
);

const redirectTo = text;

export const LoginPasswordSchema = z.object({
  account: RequiredAccountSchema,
  password: text.pipe(z.string().min(1, "请输入密码").max(PASSWORD_MAX, `密码不能超过 ${PASSWORD_MAX} 位`)),
  redirect: redirectTo,
  website: honeypot,
});

export const LoginCodeSchema = z.object({
  phone: RequiredPhoneSchema,
  code,
  redirect: redirectTo,
  website: honeypot,
});

const nickname = text
  .transform((value) => value.trim())
  .pipe(z.string().max(NICKNAME_MAX, `昵称最多 ${NICKNAME_MAX} 个字`));

const agree = z
  .string()
  .optional()
  .refine((value) => value === "on" || value === "1" || value === "true", AGREE_MESSAGE);

function withConfirm<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, password, confirmPassword: text })
    .superRefine((value, ctx) => {
      if (value.confirmPassword === "") ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "请再次输入密码" });
      else if (value.password !== value.confirmPassword) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: CONFIRM_MESSAGE });
    });
}

export const RegisterPhoneSchema = withConfirm({
  phone: RequiredPhoneSchema,
  code,
  nickname,
  agree,
  redirect: redirectTo,
  website: honeypot,
});

export const RegisterEmailSchema = withConfirm({
  email: RequiredEmailSchema,
  code,
  nickname,
  agree,
  redirect: redirectTo,
  website: honeypot,
});

export const ForgetVerifyPhoneSchema = z.object({ account: RequiredPhoneSchema, code, website: honeypot });
export const ForgetVerifyEmailSchema = z.object({ account: RequiredEmailSchema, code, website: honeypot });

export const ResetPasswordSchema = withConfirm({ ticket: text, website: honeypot });

/** Form fields whose values are never sent back to the page. */
const SECRET_FIELDS = new Set(["password", "confirmPassword", "ticket", "captchaVerification", "captchaToken"]);

/** The typed values to re-render after a failed submit (passwords are not kept). */
export function keptValues(form: FormData | Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = form instanceof FormData ? [...form.entries()] : Object.entries(form);
  for (const [key, value] of entries) {
    if (SECRET_FIELDS.has(key) || typeof value !== "string" || key.includes(".")) continue;
    out[key] = value.slice(0, 500);
  }
  return out;
}

/** FormData → plain object (last value wins), for zod. */
export function formObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") out[key] = value;
  return out;
}

/** What an account action returns when it does not redirect. */
export type AccountFormResult = {
  /** The view whose form was posted (the modal shares one fetcher between views). */
  form: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  formError?: string | null;
  /** A business refusal shown in green per SPEC 8 (non-200 code) vs an HTTP failure. */
  formErrorTone?: "success" | "error";
  sendCode?: SendCodeState | null;
  /** The forget form's step: verify the code, then set the new password. */
  step?: "verify" | "reset";
};

/** Validates a plain object with `schema`: the data, or the field errors. */
export function validate<S extends z.ZodTypeAny>(
  schema: S,
  input: Record<string, unknown>,
): { ok: true; data: z.output<S> } | { ok: false; fieldErrors: Record<string, string> } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, fieldErrors: fieldErrors(parsed.error) };
}

export type LoginMode = "password" | "code";
export function loginMode(value: string | null | undefined): LoginMode {
  return value === "code" ? "code" : "password";
}

export type AccountBy = "phone" | "email";
export function accountBy(value: string | null | undefined, fallback: AccountBy = "phone"): AccountBy {
  return value === "email" ? "email" : value === "phone" ? "phone" : fallback;
}
