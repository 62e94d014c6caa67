import { AVATAR_MAX_BYTES, reauthBodySchema, reauthProofShape, unbindAccountBodySchema } from "@contract/account";
import {
  BIO_MAX,
  CITY_MAX,
  GENDERS as GENDER_CODES,
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_MISMATCH_MESSAGE,
  bioSchema,
  citySchema,
  createBirthdaySchema,
  emailSchema,
  graphemeCount,
  isCalendarDate,
  newPasswordSchema,
  phoneSchema,
  requiredNicknameSchema,
  todayInChina,
  verificationCodeSchema,
} from "@contract/fields";
import type { UserView } from "@contract/account";
import { z } from "zod";

/**
 * The /user/profile forms: one zod schema per form, built from the contract's field rules and
 * shared by the route's action and the browser (checks before submitting), plus the masking and
 * avatar rules the page shows.
 */

export { AVATAR_MAX_BYTES, BIO_MAX, CITY_MAX, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, isCalendarDate };

export const AVATAR_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
/** The cropper: images drawn at most 2000 px on the longer side, crops of at least 10 px, JPEG out. */
export const CROPPER_MAX_IMAGE_SIZE = 2000;
export const CROPPER_MIN_CROP_SIZE = 10;
export const CROPPER_OUTPUT_SIZE = 512;
export const CROPPER_OUTPUT_TYPE = "image/jpeg";
export const CROPPER_OUTPUT_QUALITY = 0.9;

export const AVATAR_TOO_LARGE_MESSAGE = `头像图片不能超过 ${AVATAR_MAX_BYTES / 1024 / 1024} MB`;
export const AVATAR_NOT_IMAGE_MESSAGE = "请选择 JPG、PNG、WebP 或 GIF 格式的图片";
export const AVATAR_MISSING_MESSAGE = "请选择要上传的头像图片";

/** The choices of the gender select, as the form posts them. */
export const GENDERS = GENDER_CODES.map(({ value, label }) => ({ value: String(value) as `${typeof value}`, label }));

/** Characters as people see them (an emoji, even 👨‍👩‍👧, is one), counted as the backend counts them. */
export const charCount = graphemeCount;

/** Today in China as YYYY-MM-DD (birthdays may not be later), whatever the machine's time zone. */
export const todayString = todayInChina;

const optional = <T extends z.ZodTypeAny>(schema: T) => schema.optional().transform((value) => value ?? "");

/** intent=update-info */
export function createProfileInfoSchema(now: () => Date = () => new Date()) {
  return z.object({
    nickname: requiredNicknameSchema,
    gender: z.enum(["0", "1", "2"], { errorMap: () => ({ message: "请选择性别" }) }).default("0"),
    birthday: optional(createBirthdaySchema(now)),
    city: optional(citySchema),
    bio: optional(bioSchema),
  });
}
export const ProfileInfoSchema = createProfileInfoSchema();

export const ACCOUNT_TYPES = ["phone", "email"] as const;
export type BindType = (typeof ACCOUNT_TYPES)[number];
export const BIND_PURPOSES = ["bind", "change"] as const;

/** The account part of the bind form (also what send-code needs); checked by its type's rule. */
const bindAccountShape = {
  type: z.enum(ACCOUNT_TYPES, { errorMap: () => ({ message: "账号类型不正确" }) }),
  purpose: z.enum(BIND_PURPOSES).catch("bind"),
  account: z
    .string()
    .optional()
    .transform((value) => value ?? ""),
};

function checkAccount<T extends { type: BindType; account: string }>(value: T, ctx: z.RefinementCtx) {
  const checked = (value.type === "phone" ? phoneSchema : emailSchema).safeParse(value.account);
  if (!checked.success)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["account"], message: checked.error.issues[0]!.message });
}

/** intent=send-code inside a bind form: the account to send the code to. */
export const BindSendCodeSchema = z.object(bindAccountShape).superRefine(checkAccount);

/** intent=bind: phone or e-mail, with the code sent for purpose bind (new) or change (replace). */
export const BindAccountSchema = z
  .object({
    ...bindAccountShape,
    code: verificationCodeSchema,
    ...reauthProofShape,
  })
  .superRefine(checkAccount);

/** intent=unbind */
export const UnbindAccountSchema = unbindAccountBodySchema;

/**
 * intent=reauth: the current password or a `reauth` code. Either may also go along with a single
 * sensitive form (bind, unbind, password) instead; both may be left out there within the window
 * of an earlier proof.
 */
export const ReauthSchema = reauthBodySchema;
export const ProofSchema = z.object(reauthProofShape);

/** Which proof the user can give: a password, else a code to a phone or e-mail already bound. */
export type ProofChannel = { kind: "password" } | { kind: "code"; account: string; shown: string } | { kind: "none" };

export function proofChannel(user: Pick<ProfileUser, "hasPassword" | "phone" | "email">): ProofChannel {
  if (user.hasPassword) return { kind: "password" };
  if (user.phone) return { kind: "code", account: user.phone, shown: maskPhone(user.phone) };
  if (user.email) return { kind: "code", account: user.email, shown: maskEmail(user.email) };
  return { kind: "none" };
}

/** intent=password; the old password is asked only when the user already has one. */
export function createChangePasswordSchema(options: { hasPassword: boolean }) {
  return z
    .object({
      oldPassword: z.string().optional().default(""),
      newPassword: newPasswordSchema("新密码"),
      confirmPassword: z.string().optional().default(""),
      verifyCode: reauthProofShape.verifyCode,
    })
    .superRefine((value, ctx) => {
      if (options.hasPassword && value.oldPassword === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["oldPassword"], message: "请输入原密码" });
      }
      if (value.confirmPassword === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: "请再次输入新密码" });
      } else if (value.confirmPassword !== value.newPassword) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: PASSWORD_MISMATCH_MESSAGE });
      }
    });
}

/** A file's type and size checks before upload (the server checks the content anyway). */
export function checkAvatarFile(file: { type: string; size: number } | null | undefined): string | undefined {
  if (!file || file.size === 0) return AVATAR_MISSING_MESSAGE;
  if (!/^image\/(?:jpeg|png|webp|gif)$/i.test(file.type)) return AVATAR_NOT_IMAGE_MESSAGE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE_MESSAGE;
  return undefined;
}

/** Size to draw an image at so its longer side is at most `max`. */
export function fitWithin(
  width: number,
  height: number,
  max = CROPPER_MAX_IMAGE_SIZE,
): { width: number; height: number; scale: number } {
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

/** The signed-in user as the profile pages show them. */
export type ProfileUser = UserView;

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
