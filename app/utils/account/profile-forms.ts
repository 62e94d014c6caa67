import { z } from "zod";
import { EMAIL_MESSAGE, EMAIL_PATTERN, PHONE_MESSAGE, PHONE_PATTERN } from "./validation";

/**
 * The /user/profile forms: one zod schema per form, shared by the route's action and the browser
 * (client-side checks before submitting), plus the masking and avatar rules the page shows.
 */

export const NICKNAME_MAX = 20;
export const BIO_MAX = 200;
export const CITY_MAX = 50;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Avatar uploads (decision 004): ≤ 5 MB, JPEG/PNG/WebP/GIF checked by content on the server. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
/** SPEC 9 cropper: max image size 2000, min crop size 10, output JPEG. */
export const CROPPER_MAX_IMAGE_SIZE = 2000;
export const CROPPER_MIN_CROP_SIZE = 10;
export const CROPPER_OUTPUT_SIZE = 512;
export const CROPPER_OUTPUT_TYPE = "image/jpeg";
export const CROPPER_OUTPUT_QUALITY = 0.9;

export const AVATAR_TOO_LARGE_MESSAGE = "头像图片不能超过 5 MB";
export const AVATAR_NOT_IMAGE_MESSAGE = "请选择 JPG、PNG、WebP 或 GIF 格式的图片";
export const AVATAR_MISSING_MESSAGE = "请选择要上传的头像图片";

export const GENDERS = [
  { value: "0", label: "保密" },
  { value: "1", label: "男" },
  { value: "2", label: "女" },
] as const;

/** Characters as people count them (code points, so 𠮷 or an emoji is one). */
export function charCount(value: string): number {
  return Array.from(value).length;
}

const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The site's time zone (China Standard Time, UTC+8, no daylight saving): server and browser agree on dates. */
const SITE_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Today in China as YYYY-MM-DD (birthdays may not be later). */
export function todayString(now: Date = new Date()): string {
  return new Date(now.getTime() + SITE_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD, from 1900 on. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && Number(match[1]) >= 1900;
}

const text = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim());

function optionalText(name: string, max: number) {
  return text
    .refine((value) => charCount(value) <= max, `${name}不能超过 ${max} 个字`)
    .refine((value) => !CONTROL_CHARS.test(value), `${name}不能包含控制字符`);
}

/** intent=update-info */
export function createProfileInfoSchema(now: () => Date = () => new Date()) {
  return z.object({
    nickname: text
      .refine((value) => value !== "", "请输入昵称")
      .refine((value) => charCount(value) <= NICKNAME_MAX, `昵称最多 ${NICKNAME_MAX} 个字`)
      .refine((value) => !CONTROL_CHARS.test(value), "昵称不能包含控制字符"),
    gender: z.enum(["0", "1", "2"], { errorMap: () => ({ message: "请选择性别" }) }).default("0"),
    birthday: text
      .refine((value) => value === "" || isCalendarDate(value), "请输入正确的日期")
      .refine((value) => value === "" || !isCalendarDate(value) || value <= todayString(now()), "生日不能晚于今天"),
    city: optionalText("城市", CITY_MAX),
    bio: optionalText("个性签名", BIO_MAX),
  });
}
export const ProfileInfoSchema = createProfileInfoSchema();
export type ProfileInfo = z.infer<typeof ProfileInfoSchema>;

export const ACCOUNT_TYPES = ["phone", "email"] as const;
export type BindType = (typeof ACCOUNT_TYPES)[number];
export const BIND_PURPOSES = ["bind", "change"] as const;
export type BindPurpose = (typeof BIND_PURPOSES)[number];

const accountFor = (type: BindType, value: string) => (type === "phone" ? PHONE_PATTERN.test(value) : EMAIL_PATTERN.test(value));

/** The account part of the bind form (also what send-code needs). */
const bindAccountShape = {
  type: z.enum(ACCOUNT_TYPES, { errorMap: () => ({ message: "账号类型不正确" }) }),
  purpose: z.enum(BIND_PURPOSES).catch("bind"),
  account: text,
};

function checkAccount(value: { type: BindType; account: string }, ctx: z.RefinementCtx) {
  if (value.account === "") {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["account"], message: value.type === "phone" ? "请输入手机号" : "请输入邮箱" });
  } else if (!accountFor(value.type, value.account)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["account"], message: value.type === "phone" ? PHONE_MESSAGE : EMAIL_MESSAGE });
  }
}

/** intent=send-code inside a bind form: the account to send the code to. */
export const BindSendCodeSchema = z.object(bindAccountShape).superRefine(checkAccount);

/** intent=bind: phone or e-mail, with the code sent for purpose bind (new) or change (replace). */
export const BindAccountSchema = z
  .object({
    ...bindAccountShape,
    code: text.refine((value) => value !== "", "请输入验证码").refine((value) => value === "" || /^\d{6}$/.test(value), "验证码为 6 位数字"),
  })
  .superRefine(checkAccount);
export type BindAccount = z.infer<typeof BindAccountSchema>;

/** intent=unbind */
export const UnbindAccountSchema = z.object({
  type: z.enum(["phone", "email", "wechat"], { errorMap: () => ({ message: "账号类型不正确" }) }),
});

/** Passwords are not trimmed: spaces count like any other character. */
const newPassword = z
  .string({ required_error: "请输入新密码" })
  .default("")
  .refine((value) => value !== "", "请输入新密码")
  .refine((value) => value === "" || charCount(value) >= PASSWORD_MIN, `新密码至少 ${PASSWORD_MIN} 个字符`)
  .refine((value) => charCount(value) <= PASSWORD_MAX, `新密码不能超过 ${PASSWORD_MAX} 个字符`)
  .refine((value) => value === "" || value.trim() !== "", "密码不能全是空格");

/** intent=password; the old password is asked only when the user already has one. */
export function createChangePasswordSchema(options: { hasPassword: boolean }) {
  return z
    .object({
      oldPassword: z.string().optional().default(""),
      newPassword,
      confirmPassword: z.string().optional().default(""),
    })
    .superRefine((value, ctx) => {
      if (options.hasPassword && value.oldPassword === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["oldPassword"], message: "请输入原密码" });
      }
      if (value.confirmPassword === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: "请再次输入新密码" });
      } else if (value.confirmPassword !== value.newPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: "两次输入的密码不一致" });
      }
    });
}
export type ChangePassword = z.infer<ReturnType<typeof createChangePasswordSchema>>;

/** A file's type and size checks before upload (the server checks the content anyway). */
export function checkAvatarFile(file: { type: string; size: number } | null | undefined): string | undefined {
  if (!file || file.size === 0) return AVATAR_MISSING_MESSAGE;
  if (!/^image\/(?:jpeg|png|webp|gif)$/i.test(file.type)) return AVATAR_NOT_IMAGE_MESSAGE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE_MESSAGE;
  return undefined;
}

/** Size to draw an image at so its longer side is at most `max` (SPEC 9: max image size 2000). */
export function fitWithin(width: number, height: number, max = CROPPER_MAX_IMAGE_SIZE): { width: number; height: number; scale: number } {
  const longer = Math.max(width, height);
  if (!(longer > max)) return { width, height, scale: 1 };
  const scale = max / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scale };
}

/** 13800138000 → 138****8000. */
export function maskPhone(phone: string | null | undefined): string {
  const value = (phone ?? "").trim();
  if (!value) return "";
  if (value.length < 7) return `${value.slice(0, 1)}****`;
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
}

/** zhangsan@example.com → zh****@example.com; ab@x.cn → a****@x.cn. */
export function maskEmail(email: string | null | undefined): string {
  const value = (email ?? "").trim();
  const at = value.lastIndexOf("@");
  if (at <= 0) return value ? `${value.slice(0, 1)}****` : "";
  const local = value.slice(0, at);
  const shown = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${shown}****${value.slice(at)}`;
}

/** The account fields decision 004 returns from user-info. */
export type ProfileUser = {
  id: number;
  nickname: string;
  avatar: string | null;
  gender: number | null;
  birthday: string | null;
  bio: string | null;
  signature?: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  wechatBound: boolean;
  wechatNickname: string | null;
  hasPassword: boolean;
  createdAt: string;
};

/** How many ways in (phone, e-mail, WeChat) the user has; the last one cannot be unbound. */
export function waysIn(user: Pick<ProfileUser, "phone" | "email" | "wechatBound">): number {
  return [user.phone, user.email, user.wechatBound].filter(Boolean).length;
}

export function genderLabel(gender: number | string | null | undefined): string {
  return GENDERS.find((item) => item.value === String(gender ?? 0))?.label ?? "保密";
}

/** 2026-11-21T… → 2026年11月21日 (China date, the same on server and browser). */
export function formatMemberSince(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return "";
  const [year, month, day] = todayString(new Date(time)).split("-").map(Number);
  return `${year}年${month}月${day}日`;
}

/** Plain string fields of a FormData (files and repeated names ignored), to echo input back on error. */
export function formValues(formData: FormData, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = formData.get(name);
    if (typeof value === "string") out[name] = value;
  }
  return out;
}
