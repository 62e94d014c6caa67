import {
  ACCOUNT_MESSAGE,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  accountSchema,
  emailSchema,
  isEmail,
  isPhone,
  isPhoneOrEmail,
  phoneSchema,
} from "@contract/fields";
import { z } from "zod";

/**
 * The account field rules of the forms: the contract's, so the website and the backend accept and
 * refuse the same values with the same Chinese messages.
 */

export {
  ACCOUNT_MESSAGE,
  EMAIL_MESSAGE,
  EMAIL_PATTERN,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  isEmail,
  isPhone,
  isPhoneOrEmail,
};

/** Invalid input in a dialog. */
export const INVALID_INPUT_MESSAGE = "输入的数据不合法!";

/**
 * Validators answering `undefined` when fine, else the message. Phone and e-mail pass silently
 * when empty; the account check is not invoked for an empty value.
 */
export function validatePhone(value: string | null | undefined): string | undefined {
  const text = (value ?? "").trim();
  return text === "" || isPhone(text) ? undefined : PHONE_MESSAGE;
}

export function validateEmail(value: string | null | undefined): string | undefined {
  const text = (value ?? "").trim();
  return text === "" || isEmail(text) ? undefined : EMAIL_MESSAGE;
}

export function validatePhoneOrEmail(value: string | null | undefined): string | undefined {
  const text = (value ?? "").trim();
  return text === "" || isPhoneOrEmail(text) ? undefined : ACCOUNT_MESSAGE;
}

const trimmed = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim());

/** Optional phone: "" passes; otherwise must match. */
export const PhoneSchema = trimmed.refine((value) => value === "" || isPhone(value), { message: PHONE_MESSAGE });

/** Optional e-mail: "" passes; otherwise must match. */
export const EmailSchema = trimmed.refine((value) => value === "" || isEmail(value), { message: EMAIL_MESSAGE });

/** Phone-or-e-mail account: "" is left to a required rule; otherwise either format. */
export const PhoneOrEmailSchema = trimmed.refine((value) => value === "" || isPhoneOrEmail(value), {
  message: ACCOUNT_MESSAGE,
});

/** Required variants: 请输入手机号 / 请输入邮箱 / 请输入手机号或邮箱 when empty or missing. */
export const RequiredPhoneSchema = phoneSchema;
export const RequiredEmailSchema = emailSchema;
export const RequiredAccountSchema = accountSchema;

/** First error message per field, for rendering beside inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
