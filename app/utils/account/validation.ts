import { z } from "zod";

/** SPEC 5/8 form messages. */
export const PHONE_MESSAGE = "手机号格式不正确";
export const EMAIL_MESSAGE = "邮箱格式不正确";
export const ACCOUNT_MESSAGE = "手机号或邮箱账号格式不正确";
/** SPEC 8: invalid input in a dialog. */
export const INVALID_INPUT_MESSAGE = "输入的数据不合法!";

/** Exactly 11 digits, first 1, second 3–9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** Letters, digits, _ or - before and after @, then one or two dot-separated 2–3 character suffixes. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_-]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]{2,3}){1,2}$/;

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function isPhoneOrEmail(value: string): boolean {
  return isPhone(value) || isEmail(value);
}

/**
 * Validators in the SPEC's shape: `undefined` when fine, else the message.
 * Phone and e-mail pass silently when empty; the account check is not invoked for an empty value.
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

/** A required field with a Chinese message, e.g. `required("请输入手机号")`. */
export function required(message: string) {
  return trimmed.refine((value) => value !== "", { message });
}

/** Required variants, for forms where the field must be filled in. */
export const RequiredPhoneSchema = required("请输入手机号").pipe(z.string().regex(PHONE_PATTERN, PHONE_MESSAGE));
export const RequiredEmailSchema = required("请输入邮箱").pipe(z.string().regex(EMAIL_PATTERN, EMAIL_MESSAGE));
export const RequiredAccountSchema = required("请输入手机号或邮箱").pipe(
  z.string().refine(isPhoneOrEmail, { message: ACCOUNT_MESSAGE }),
);

/** First error message per field, for rendering beside inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
