import {
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_MISMATCH_MESSAGE,
  newPasswordSchema,
  nicknameSchema,
  passwordSchema,
  verificationCodeSchema,
} from "@contract/fields";
import { z } from "zod";
import type { SendCodeState } from "./send-code";
import { RequiredAccountSchema, RequiredEmailSchema, RequiredPhoneSchema, fieldErrors } from "./validation";

/**
 * One zod schema per account form, built from the contract's field rules: the actions validate with
 * them, and the browser runs the same schema on submit for inline hints (the forms are `noValidate`,
 * so the same Chinese messages show with JavaScript on or off).
 */

export { NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN };
export const CONFIRM_MESSAGE = PASSWORD_MISMATCH_MESSAGE;
export const AGREE_MESSAGE = "请阅读并同意《用户注册协议》和《字体授权协议》";
export { ACCOUNT_MESSAGE, EMAIL_MESSAGE, PHONE_MESSAGE } from "./validation";

const text = z
  .string()
  .optional()
  .transform((value) => value ?? "");

/** The honeypot: passed through to the backend, which refuses any value. */
const honeypot = text;

const redirectTo = text;

export const LoginPasswordSchema = z.object({
  account: RequiredAccountSchema,
  password: passwordSchema(),
  redirect: redirectTo,
  website: honeypot,
});

export const LoginCodeSchema = z.object({
  phone: RequiredPhoneSchema,
  code: verificationCodeSchema,
  redirect: redirectTo,
  website: honeypot,
});

/** Optional at registration: empty means "pick one for me". */
const nickname = nicknameSchema.default("");

const agree = z
  .string()
  .optional()
  .refine((value) => value === "on" || value === "1" || value === "true", AGREE_MESSAGE);

/** A new password and its confirmation, which the form (unlike the API) requires. */
function withConfirm<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, password: newPasswordSchema(), confirmPassword: text }).superRefine((value, ctx) => {
    if (value.confirmPassword === "")
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "请再次输入密码" });
    else if (value.password !== value.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: CONFIRM_MESSAGE });
  });
}

export const RegisterPhoneSchema = withConfirm({
  phone: RequiredPhoneSchema,
  code: verificationCodeSchema,
  nickname,
  agree,
  redirect: redirectTo,
  website: honeypot,
});

export const RegisterEmailSchema = withConfirm({
  email: RequiredEmailSchema,
  code: verificationCodeSchema,
  nickname,
  agree,
  redirect: redirectTo,
  website: honeypot,
});

export const ForgetVerifyPhoneSchema = z.object({
  account: RequiredPhoneSchema,
  code: verificationCodeSchema,
  website: honeypot,
});
export const ForgetVerifyEmailSchema = z.object({
  account: RequiredEmailSchema,
  code: verificationCodeSchema,
  website: honeypot,
});

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
  /** A business refusal shown in green (non-200 code) vs an HTTP failure. */
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
