import { z } from "zod";

/**
 * The rules of every field a person types, with the Chinese message each breach shows. The backend
 * validates requests with them and the website's forms are built from them, so a limit or a message
 * changes here and nowhere else.
 */

// ---------------------------------------------------------------------------
// Counting characters
// ---------------------------------------------------------------------------

let graphemeSegmenter: Intl.Segmenter | null | undefined;

/**
 * Characters as a person sees them (grapheme clusters): 字, é written as e + accent, and a family
 * emoji 👨‍👩‍👧 each count as one. Where `Intl.Segmenter` is missing (browsers before 2024) code
 * points are counted, which can only count more, never let a longer text through.
 */
export function graphemeCount(text: string): number {
  if (graphemeSegmenter === undefined) {
    graphemeSegmenter =
      typeof Intl !== "undefined" && typeof Intl.Segmenter === "function"
        ? new Intl.Segmenter("zh", { granularity: "grapheme" })
        : null;
  }
  if (!graphemeSegmenter) return codePointCount(text);
  let count = 0;
  for (const _segment of graphemeSegmenter.segment(text)) count++;
  return count;
}

/** Unicode code points: 𠮷 is one, where `length` counts two. */
export function codePointCount(text: string): number {
  let count = 0;
  for (const _character of text) count++;
  return count;
}

/**
 * How many UTF-16 units one visible character may take in a limited text. A single grapheme can
 * carry any number of combining marks; this keeps a 20-character nickname from being 20 000 units
 * long while leaving room for the longest emoji sequences in everyday use.
 */
export const UNITS_PER_CHARACTER = 10;

/** At most `max` visible characters (and `max × UNITS_PER_CHARACTER` UTF-16 units). */
export function withinCharacters(value: string, max: number): boolean {
  return value.length <= max * UNITS_PER_CHARACTER && graphemeCount(value) <= max;
}

/**
 * The `maxLength` of a form field holding at most `max` characters. A browser counts UTF-16 units,
 * so a `maxLength` of `max` would cut an emoji-rich text the server takes, and would silently drop
 * the end of a pasted one: the field stops only what `withinCharacters` could never accept, and
 * the form shows the count of characters and the server's message.
 */
export function maxLengthFor(max: number): number {
  return max * UNITS_PER_CHARACTER;
}

/** C0 controls and DEL; names allow none of them. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** C0 controls and DEL except tab, line feed and carriage return, which longer texts may hold. */
const CONTROL_CHARACTERS_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

// ---------------------------------------------------------------------------
// Phone, e-mail, account, verification code
// ---------------------------------------------------------------------------

export const PHONE_MESSAGE = "手机号格式不正确";
export const EMAIL_MESSAGE = "邮箱格式不正确";
export const ACCOUNT_MESSAGE = "手机号或邮箱账号格式不正确";

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

export type AccountKind = "phone" | "email";

/** Which kind of account `value` (trimmed) is, or null when it is neither. */
export function accountKind(value: string): AccountKind | null {
  const text = value.trim();
  if (isPhone(text)) return "phone";
  if (isEmail(text)) return "email";
  return null;
}

/** Phone numbers stay as typed (trimmed); e-mail addresses are compared lower-cased. */
export function normaliseAccount(value: string): { kind: AccountKind; value: string } | null {
  const text = value.trim();
  const kind = accountKind(text);
  if (!kind) return null;
  return { kind, value: kind === "email" ? text.toLowerCase() : text };
}

/** A required, trimmed text: `missing` when absent, empty or not text. */
export function requiredText(missing: string, max = 200) {
  return z
    .string({ required_error: missing, invalid_type_error: missing })
    .trim()
    .min(1, missing)
    .max(max, `内容不能超过 ${max} 个字符`);
}

export const phoneSchema = requiredText("请输入手机号", 20).pipe(z.string().regex(PHONE_PATTERN, PHONE_MESSAGE));

/** Lower-cased, as the backend stores and compares addresses. */
export const emailSchema = requiredText("请输入邮箱", 100)
  .pipe(z.string().regex(EMAIL_PATTERN, EMAIL_MESSAGE))
  .transform((value) => value.toLowerCase());

/** A phone number or an e-mail address (lower-cased). */
export const accountSchema = requiredText("请输入手机号或邮箱", 100)
  .refine(isPhoneOrEmail, ACCOUNT_MESSAGE)
  .transform((value) => (isEmail(value) ? value.toLowerCase() : value));

export const CODE_LENGTH = 6;
export const CODE_MESSAGE = `验证码为 ${CODE_LENGTH} 位数字`;
export const CODE_PATTERN = /^\d{6}$/;

export const verificationCodeSchema = requiredText("请输入验证码", 10).pipe(
  z.string().regex(CODE_PATTERN, CODE_MESSAGE),
);

/**
 * What a verification code is for; `bind`, `change` and `reauth` need a login, `login` a phone.
 * `reauth` goes to a phone or e-mail already bound to the signed-in user, to prove it is them.
 */
export const CODE_PURPOSES = ["register", "login", "reset", "bind", "change", "reauth"] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const codePurposeSchema = z.enum(CODE_PURPOSES, {
  errorMap: () => ({ message: `验证码用途只能是 ${CODE_PURPOSES.join("、")} 之一` }),
});
/** Each purpose as the messages and the outbox name it. */
export const CODE_PURPOSE_NAMES: Readonly<Record<CodePurpose, string>> = {
  register: "注册账号",
  login: "登录",
  reset: "找回密码",
  bind: "绑定账号",
  change: "更换绑定",
  reauth: "身份验证",
};

/** Seconds before another code may be asked for the same account and purpose. */
export const CODE_RESEND_COOLDOWN_S = 60;
/** Seconds a code stays valid. */
export const CODE_VALID_S = 600;

// ---------------------------------------------------------------------------
// Passwords
// ---------------------------------------------------------------------------

/** Counted in code points; passwords are never trimmed: spaces are characters like any other. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_BLANK_MESSAGE = "密码不能全是空格";
export const PASSWORD_MISMATCH_MESSAGE = "两次输入的密码不一致";
/**
 * The backend refuses a new password found among the 10 000 most common ones with this message
 * (the list lives in the backend only); the website shows it beside the new-password field.
 */
export const COMMON_PASSWORD_MESSAGE = "这个密码太常见，容易被猜中，请换一个";

/** A password to check (login, old password): present and not absurdly long. */
export function passwordSchema(label = "密码") {
  return z
    .string({ required_error: `请输入${label}`, invalid_type_error: `请输入${label}` })
    .min(1, `请输入${label}`)
    .refine((value) => codePointCount(value) <= PASSWORD_MAX, `${label}不能超过 ${PASSWORD_MAX} 个字符`);
}

/** A password being chosen: 8–128 characters, not all spaces. The label names the field in messages. */
export function newPasswordSchema(label = "密码") {
  return passwordSchema(label)
    .refine((value) => value === "" || codePointCount(value) >= PASSWORD_MIN, `${label}至少 ${PASSWORD_MIN} 个字符`)
    .refine((value) => value === "" || value.trim() !== "", PASSWORD_BLANK_MESSAGE);
}

// ---------------------------------------------------------------------------
// Profile: nickname, bio, city, gender, birthday
// ---------------------------------------------------------------------------

export const NICKNAME_MAX = 20;
export const BIO_MAX = 200;
export const CITY_MAX = 50;

export const NICKNAME_REQUIRED_MESSAGE = "请输入昵称";
export const NICKNAME_TOO_LONG_MESSAGE = `昵称最多 ${NICKNAME_MAX} 个字`;

/** A nickname, trimmed; may be empty (registration then picks one). */
export const nicknameSchema = z
  .string({ invalid_type_error: "昵称格式不正确" })
  .trim()
  .refine((value) => withinCharacters(value, NICKNAME_MAX), NICKNAME_TOO_LONG_MESSAGE)
  .refine((value) => !CONTROL_CHARACTERS.test(value), "昵称不能包含控制字符");

/** A nickname that must be given (the profile form). */
export const requiredNicknameSchema = z
  .string({ required_error: NICKNAME_REQUIRED_MESSAGE, invalid_type_error: "昵称格式不正确" })
  .trim()
  .refine((value) => value !== "", NICKNAME_REQUIRED_MESSAGE)
  .refine((value) => withinCharacters(value, NICKNAME_MAX), NICKNAME_TOO_LONG_MESSAGE)
  .refine((value) => !CONTROL_CHARACTERS.test(value), "昵称不能包含控制字符");

/** An optional free text of the profile, trimmed; line breaks allowed. */
function profileText(name: string, max: number) {
  return z
    .string({ invalid_type_error: `${name}格式不正确` })
    .trim()
    .refine((value) => withinCharacters(value, max), `${name}不能超过 ${max} 个字`)
    .refine((value) => !CONTROL_CHARACTERS_EXCEPT_WHITESPACE.test(value), `${name}不能包含控制字符`);
}

/** 个性签名: emoji welcome, counted as people see them. */
export const bioSchema = profileText("个性签名", BIO_MAX);
export const citySchema = profileText("城市", CITY_MAX);

export const GENDERS = [
  { value: 0, label: "保密" },
  { value: 1, label: "男" },
  { value: 2, label: "女" },
] as const;
export type Gender = (typeof GENDERS)[number]["value"];
export const GENDER_MESSAGE = "性别只能是 0（保密）、1（男）或 2（女）";

/** A gender as stored and answered: 0 保密, 1 男, 2 女. */
export const genderCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

const GENDER_NAMES: Readonly<Record<string, Gender>> = { "0": 0, "1": 1, "2": 2, unknown: 0, male: 1, female: 2 };

/** A gender as a form or JSON sends it: 0/1/2 as number or text, or unknown/male/female; empty = not given. */
export const genderSchema = z
  .union([z.number(), z.string()], { errorMap: () => ({ message: GENDER_MESSAGE }) })
  .optional()
  .transform((value, context): Gender | undefined => {
    if (value === undefined || value === "") return undefined;
    const gender = GENDER_NAMES[String(value).trim().toLowerCase()];
    if (gender === undefined) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: GENDER_MESSAGE });
      return z.NEVER;
    }
    return gender;
  });

export const BIRTHDAY_MIN_YEAR = 1900;
export const BIRTHDAY_FORMAT_MESSAGE = "请输入正确的日期";
export const BIRTHDAY_FUTURE_MESSAGE = "生日不能晚于今天";

/** The zone whose calendar the site's dates follow (China: UTC+8 all year). */
export const SITE_TIME_ZONE = "Asia/Shanghai";

/** SITE_TIME_ZONE's offset, the same all year since 1991. */
const CHINA_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * The date in China at the instant `now`, as YYYY-MM-DD, whatever the time zone of the machine.
 * By arithmetic: an Intl formatter for a time zone loads its data when the module loads.
 */
export function todayInChina(now: Date = new Date()): string {
  return new Date(now.getTime() + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * A real calendar date written YYYY-MM-DD, from 1900 on. Checked by arithmetic on the digits: a
 * date is never turned into a `Date`, whose midnight belongs to one time zone.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= BIRTHDAY_MIN_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A calendar date as answered (YYYY-MM-DD). */
export const calendarDateSchema = z.string().refine(isCalendarDate, BIRTHDAY_FORMAT_MESSAGE);

/**
 * A birthday as sent: YYYY-MM-DD, not after today in China at `now()`; "" clears it. It stays a
 * string end to end, so it reads the same in every time zone.
 */
export function createBirthdaySchema(now: () => Date = () => new Date()) {
  return z
    .string({ invalid_type_error: BIRTHDAY_FORMAT_MESSAGE })
    .trim()
    .refine((value) => value === "" || isCalendarDate(value), BIRTHDAY_FORMAT_MESSAGE)
    .refine((value) => value === "" || !isCalendarDate(value) || value <= todayInChina(now()), BIRTHDAY_FUTURE_MESSAGE);
}

export const birthdaySchema = createBirthdaySchema();

// ---------------------------------------------------------------------------
// Forms open to signed-out visitors
// ---------------------------------------------------------------------------

/** The answer to a filled honeypot: deliberately vague. */
export const HONEYPOT_MESSAGE = "请求失败，请稍后再试";

/** `website`, a field real visitors never see: any value marks the request as a bot's. */
export const honeypotSchema = z
  .unknown()
  .refine((value) => value === undefined || value === null || value === "", HONEYPOT_MESSAGE)
  .transform(() => undefined);

/** An object schema for a public form; the honeypot is checked before any other field. */
export function publicFormSchema<T extends z.ZodRawShape>(shape: T) {
  return z.object({ website: honeypotSchema, ...shape });
}
