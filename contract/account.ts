import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import {
  accountSchema,
  bioSchema,
  calendarDateSchema,
  citySchema,
  codePurposeSchema,
  createBirthdaySchema,
  emailSchema,
  genderCodeSchema,
  genderSchema,
  newPasswordSchema,
  nicknameSchema,
  PASSWORD_MISMATCH_MESSAGE,
  passwordSchema,
  phoneSchema,
  publicFormSchema,
  requiredNicknameSchema,
  requiredText,
  verificationCodeSchema,
} from "./fields";

// ---------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------

/** What the API shows of a user, to that user only. */
export const userSchema = z.object({
  id: z.number().int().positive(),
  nickname: z.string(),
  /** The path of the avatar image, or null for none. */
  avatar: z.string().min(1).nullable(),
  gender: genderCodeSchema,
  /** YYYY-MM-DD, the same in every time zone. */
  birthday: calendarDateSchema.nullable(),
  bio: z.string(),
  /** The same as `bio` (the profile form calls it 个性签名). */
  signature: z.string(),
  city: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  wechatBound: z.boolean(),
  wechatNickname: z.string().nullable(),
  /** False for an account created through WeChat that never set one. */
  hasPassword: z.boolean(),
  createdAt: z.string().datetime({ offset: true }),
});
export type UserView = z.infer<typeof userSchema>;

/** Seconds a login lasts: the website keeps its token cookie this long. */
export const SESSION_SECONDS = 7 * 24 * 60 * 60;

/** Every login answers this; the website keeps `token` for `expired` seconds. */
export const loginDataSchema = z.object({
  /** 43 characters of base64url. */
  token: z.string().min(1),
  /** Seconds the token stays valid. */
  expired: z.number().int().positive(),
  user: userSchema,
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const sendCodeResultSchema = z.object({
  sent: z.literal(true),
  /** Seconds before another code may be asked. */
  cooldown: z.number().int().nonnegative(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int().positive(),
  /**
   * True when the code went to this server's local outbox (`getOutbox`) instead of SMS or e-mail:
   * the channel is not configured and the request came from the server's own machine.
   */
  outbox: z.boolean().optional(),
});
export type SendCodeResult = z.infer<typeof sendCodeResultSchema>;

/** A code or notice kept in the local outbox, for the visitor on the server's own machine. */
export const outboxEntrySchema = z.object({
  channel: z.enum(["phone", "email"]),
  /** The phone number or e-mail address it was for. */
  target: z.string(),
  purpose: codePurposeSchema,
  /** The 6-digit code; null for a notice to the owner (`notice` then says what happened). */
  code: z.string().nullable(),
  notice: z.string().nullable(),
  sentAt: z.string().datetime({ offset: true }),
  /** When the code stops working; the entry leaves the outbox then. */
  expiresAt: z.string().datetime({ offset: true }),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const resetTicketSchema = z.object({
  /** Spent once by `resetPassword`. */
  ticket: z.string().min(1),
  /** Seconds the ticket stays valid. */
  expired: z.number().int().positive(),
});
export type ResetTicket = z.infer<typeof resetTicketSchema>;

/** One signed-in device of the user, as the sessions list shows it. */
export const sessionSchema = z.object({
  id: z.number().int().positive(),
  /** Browser and system read from the user agent, e.g. `Chrome · Windows`; `未知设备` when unreadable. */
  device: z.string().min(1),
  /** The client address the session was opened from, or null when unknown. */
  ip: z.string().nullable(),
  /** `本机`, `局域网`, or `未知` (no location database is consulted). */
  place: z.string().min(1),
  createdAt: z.string().datetime({ offset: true }),
  /** Refreshed at most once a minute. */
  lastSeenAt: z.string().datetime({ offset: true }),
  /** The session of the token this list was asked with. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionSchema>;

/** Seconds a proof of identity (`reauthenticate`, or a WeChat scan for it) lets the session make sensitive changes. */
export const REAUTH_WINDOW_S = 600;

export const reauthResultSchema = z.object({
  /** Seconds the session may bind, unbind and change its password without asking again. */
  expiresIn: z.number().int().positive(),
});
export type ReauthResult = z.infer<typeof reauthResultSchema>;

/**
 * A sensitive change (password, binding) without a proof of identity, and none given in the last
 * REAUTH_WINDOW_S seconds: HTTP 403. The website asks for the current password or a `reauth` code.
 */
export const REAUTH_REQUIRED_CODE = "403";
export const REAUTH_REQUIRED_MESSAGE = "请输入当前密码或验证码，确认是你本人操作";
/** Another change to the same account got there first: HTTP 409; the user may simply retry. */
export const WRITE_CONFLICT_CODE = "409";
export const WRITE_CONFLICT_MESSAGE = "操作冲突，请重试";

// ---------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------

/** A confirmation, when given, must repeat the password. */
function confirmationMatches<T extends z.ZodTypeAny>(schema: T, password: string, confirmation = "confirmPassword") {
  return schema.superRefine((value: Record<string, unknown>, context) => {
    const confirm = value[confirmation];
    if (confirm !== undefined && confirm !== value[password]) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: [confirmation], message: PASSWORD_MISMATCH_MESSAGE });
    }
  });
}

const confirmPasswordSchema = z.string({ invalid_type_error: "请再次输入密码" }).optional();

/** An optional text field of a form: an empty value counts as not given. */
function optionalField<T extends z.ZodTypeAny>(schema: T, invalid: string) {
  return z
    .string({ invalid_type_error: invalid })
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(schema.optional());
}

/**
 * Proof that the person making a sensitive change is the account's owner, so that a stolen session
 * cannot bind, unbind or change the password: the current password, or a code sent for `reauth`
 * to a phone or e-mail already bound to the account. Either may be left out while the session is
 * within REAUTH_WINDOW_S of an earlier proof.
 */
export const reauthProofShape = {
  currentPassword: optionalField(passwordSchema("当前密码"), "请输入当前密码"),
  verifyCode: optionalField(verificationCodeSchema, "请输入验证码"),
};

export const REAUTH_PROOF_MISSING_MESSAGE = "请输入当前密码或验证码";

/** Proves who the user is for the next REAUTH_WINDOW_S seconds (e.g. before the WeChat bind QR code). */
export const reauthBodySchema = z
  .object(reauthProofShape)
  .refine((body) => body.currentPassword !== undefined || body.verifyCode !== undefined, REAUTH_PROOF_MISSING_MESSAGE);

export const SESSION_ID_MESSAGE = "会话编号不正确";

export const endSessionQuerySchema = z.object({
  id: z
    .string({ required_error: SESSION_ID_MESSAGE, invalid_type_error: SESSION_ID_MESSAGE })
    .regex(/^[1-9]\d{0,9}$/, SESSION_ID_MESSAGE)
    .transform(Number),
});

export const SEND_CODE_CAPTCHA_MESSAGE = "请先完成滑块验证";

/**
 * Sends a code to `account` (also accepted as `phone` or `email`, the first given wins). Outside
 * tests a spent captcha verification is required, except for `reauth`, which only ever goes to the
 * signed-in user's own phone or e-mail. The answer is the same whether or not the account exists:
 * where no code can be used (registering a taken account, binding another user's phone, logging in
 * to or resetting an unknown account) the owner, if any, is told instead and no code goes out.
 */
export const sendCodeBodySchema = publicFormSchema({
  account: z.string({ invalid_type_error: "请输入手机号或邮箱" }).optional(),
  phone: z.string({ invalid_type_error: "请输入手机号或邮箱" }).optional(),
  email: z.string({ invalid_type_error: "请输入手机号或邮箱" }).optional(),
  purpose: codePurposeSchema,
  captchaVerification: z
    .string({ invalid_type_error: SEND_CODE_CAPTCHA_MESSAGE })
    .max(1000, SEND_CODE_CAPTCHA_MESSAGE)
    .optional(),
}).transform((body, context) => {
  const given = [body.account, body.phone, body.email].find((value) => value !== undefined && value !== "");
  const account = accountSchema.safeParse(given);
  if (!account.success) {
    context.addIssue({ ...account.error.issues[0]!, path: ["account"] });
    return z.NEVER;
  }
  return { account: account.data, purpose: body.purpose, captchaVerification: body.captchaVerification };
});

export const loginBodySchema = publicFormSchema({ account: accountSchema, password: passwordSchema() });

export const smsLoginBodySchema = publicFormSchema({ phone: phoneSchema, code: verificationCodeSchema });

/** An empty nickname means "pick one for me". */
const optionalNicknameSchema = nicknameSchema.optional().transform((value) => value || undefined);

export const registerPhoneBodySchema = confirmationMatches(
  publicFormSchema({
    phone: phoneSchema,
    code: verificationCodeSchema,
    password: newPasswordSchema(),
    confirmPassword: confirmPasswordSchema,
    nickname: optionalNicknameSchema,
  }),
  "password",
);

export const registerEmailBodySchema = confirmationMatches(
  publicFormSchema({
    email: emailSchema,
    code: verificationCodeSchema,
    password: newPasswordSchema(),
    confirmPassword: confirmPasswordSchema,
    nickname: optionalNicknameSchema,
  }),
  "password",
);

export const resetCodeVerifyBodySchema = publicFormSchema({ account: accountSchema, code: verificationCodeSchema });

export const RESET_TICKET_INVALID_MESSAGE = "重置凭证无效或已过期，请重新验证";

export const resetPasswordBodySchema = confirmationMatches(
  publicFormSchema({
    ticket: requiredText(RESET_TICKET_INVALID_MESSAGE, 100),
    password: newPasswordSchema(),
    confirmPassword: confirmPasswordSchema,
  }),
  "password",
);

export const ACCOUNT_TYPES = ["phone", "email", "wechat"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_MESSAGE = "账号类型只能是 phone、email 或 wechat";

/**
 * Phone or e-mail with a code sent to it for `bind` (or `change`), plus a proof of identity
 * (`reauthProofShape`); binding a phone when one is bound replaces it. Or WeChat with the code and
 * state of its QR login: the bind state was only issued to a session that had proved who it is.
 */
export const bindAccountBodySchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("phone"), account: phoneSchema, code: verificationCodeSchema, ...reauthProofShape }),
    z.object({ type: z.literal("email"), account: emailSchema, code: verificationCodeSchema, ...reauthProofShape }),
    z.object({
      type: z.literal("wechat"),
      code: requiredText("缺少微信授权码", 256),
      state: requiredText("微信登录已过期，请重新扫码", 100),
      ...reauthProofShape,
    }),
  ],
  {
    errorMap: (issue, context) =>
      issue.code === "invalid_union_discriminator"
        ? { message: ACCOUNT_TYPE_MESSAGE }
        : { message: context.defaultError },
  },
);

/** With a proof of identity (`reauthProofShape`). */
export const unbindAccountBodySchema = z.object({
  type: z.enum(ACCOUNT_TYPES, { errorMap: () => ({ message: ACCOUNT_TYPE_MESSAGE }) }),
  ...reauthProofShape,
});

/**
 * `oldPassword` is required when the user has a password (`hasPassword`). Without one (an account
 * made through WeChat), `verifyCode` from a `reauth` code, or a proof given in the last
 * REAUTH_WINDOW_S seconds (e.g. a WeChat scan for `reauth`).
 */
export const changePasswordBodySchema = confirmationMatches(
  z.object({
    oldPassword: z.string({ invalid_type_error: "请输入原密码" }).max(200, "原密码不正确").optional(),
    newPassword: newPasswordSchema(),
    confirmPassword: confirmPasswordSchema,
    verifyCode: reauthProofShape.verifyCode,
  }),
  "newPassword",
);

export const CROP_MESSAGE = "裁剪参数格式不正确，应为 x,y,w,h";

/**
 * The text fields of the profile form (multipart, with the image as file `avatar` or `file`, or
 * JSON). Every field is optional: only those sent change. `birthday: ""` clears the birthday;
 * `crop` is `x,y,w,h` in the image's pixels.
 */
export function createUpdateAccountInfoBodySchema(now: () => Date = () => new Date()) {
  return z.object({
    nickname: requiredNicknameSchema.optional(),
    gender: genderSchema,
    birthday: createBirthdaySchema(now).optional(),
    bio: bioSchema.optional(),
    /** The same as `bio`; `bio` wins when both are sent. */
    signature: bioSchema.optional(),
    city: citySchema.optional(),
    crop: z.string({ invalid_type_error: CROP_MESSAGE }).max(100, CROP_MESSAGE).optional(),
  });
}

export const updateAccountInfoBodySchema = createUpdateAccountInfoBodySchema();

/** Avatar uploads: at most 5 MB, JPEG, PNG, WebP or GIF as checked by content. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_FILE_FIELDS = ["avatar", "file"] as const;

// ---------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------

export const getUserInfo = defineEndpoint({
  method: "GET",
  path: "/web/api/account/user-info",
  data: userSchema,
  auth: "required",
});

/** `bind`, `change` and `reauth` need a login; for the other purposes a token is ignored. */
export const sendCode = defineEndpoint({
  method: "POST",
  path: "/web/api/account/sendCode",
  body: sendCodeBodySchema,
  data: sendCodeResultSchema,
  auth: "optional",
});

export const login = defineEndpoint({
  method: "POST",
  path: "/web/api/login",
  body: loginBodySchema,
  data: loginDataSchema,
  auth: "none",
});

export const smsLogin = defineEndpoint({
  method: "POST",
  path: "/web/api/sms-login",
  body: smsLoginBodySchema,
  data: loginDataSchema,
  auth: "none",
});

export const registerByPhone = defineEndpoint({
  method: "POST",
  path: "/web/api/account/register/phone",
  body: registerPhoneBodySchema,
  data: loginDataSchema,
  auth: "none",
});

export const registerByEmail = defineEndpoint({
  method: "POST",
  path: "/web/api/account/register/email",
  body: registerEmailBodySchema,
  data: loginDataSchema,
  auth: "none",
});

/** Every live session of the user, the most recently seen first. */
export const listSessions = defineEndpoint({
  method: "GET",
  path: "/web/api/account/sessions",
  data: z.array(sessionSchema),
  auth: "required",
});

/** Ends one session of the user (`?id=`; the current one too); another user's or an unknown id is a 404. */
export const endSession = defineEndpoint({
  method: "DELETE",
  path: "/web/api/account/sessions",
  query: endSessionQuerySchema,
  data: z.null(),
  auth: "required",
});

/** Checks a proof of identity and opens the session's REAUTH_WINDOW_S window for sensitive changes. */
export const reauthenticate = defineEndpoint({
  method: "POST",
  path: "/web/api/account/reauth",
  body: reauthBodySchema,
  data: reauthResultSchema,
  auth: "required",
});

/** Ends the session of the token sent. */
export const logout = defineEndpoint({
  method: "POST",
  path: "/web/api/logout",
  data: z.null(),
  auth: "required",
});

/** Checks a `reset` code and answers a ticket for `resetPassword`. */
export const verifyResetCode = defineEndpoint({
  method: "POST",
  path: "/web/api/account/rest-code-verify",
  body: resetCodeVerifyBodySchema,
  data: resetTicketSchema,
  auth: "none",
});

/** Sets a new password with a ticket; every session of the user ends and password login is unlocked. */
export const resetPassword = defineEndpoint({
  method: "PUT",
  path: "/web/api/account/rest-pwd",
  body: resetPasswordBodySchema,
  data: z.null(),
  auth: "none",
});

export const bindAccount = defineEndpoint({
  method: "PUT",
  path: "/web/api/account/bind-account",
  body: bindAccountBodySchema,
  data: userSchema,
  auth: "required",
});

/** The last of phone, e-mail and WeChat cannot be unbound. */
export const unbindAccount = defineEndpoint({
  method: "PUT",
  path: "/web/api/account/unbind-account",
  body: unbindAccountBodySchema,
  data: userSchema,
  auth: "required",
});

/** Every other session of the user ends. */
export const changePassword = defineEndpoint({
  method: "PUT",
  path: "/web/api/account/update-account-pwd",
  body: changePasswordBodySchema,
  data: z.null(),
  auth: "required",
});

export const updateAccountInfo = defineEndpoint({
  method: "POST",
  path: "/web/api/account/update-account-info",
  body: updateAccountInfoBodySchema,
  bodyEncoding: "multipart",
  data: userSchema,
  auth: "required",
});

/**
 * A host name that can only mean this machine. The outbox answers only to these, so that a page of
 * another site whose name was made to resolve to 127.0.0.1 (DNS rebinding) cannot read it, nor a
 * proxy that passes the public host on.
 */
export function isLoopbackHostName(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    hostname === "::1" ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * The local outbox, newest first. 404 unless the server keeps one (no SMTP_URL or SMS_GATEWAY_URL,
 * one instance) and the client is on the server's own machine (loopback after TRUST_PROXY), asking by a
 * loopback name.
 */
export const getOutbox = defineEndpoint({
  method: "GET",
  path: "/web/api/account/outbox",
  data: z.object({ entries: z.array(outboxEntrySchema) }),
  auth: "none",
});

/** An avatar image (256×256 JPEG) named in `UserView.avatar`. */
export const getAvatar = defineEndpoint({
  method: "GET",
  path: "/web/api/account/avatar/:file",
  params: z.object({ file: z.string().regex(/^[0-9a-f]{32}\.jpg$/, "头像不存在") }),
  kind: "file",
  auth: "none",
});

export const accountEndpoints = {
  getUserInfo,
  sendCode,
  login,
  smsLogin,
  registerByPhone,
  registerByEmail,
  logout,
  listSessions,
  endSession,
  reauthenticate,
  verifyResetCode,
  resetPassword,
  bindAccount,
  unbindAccount,
  changePassword,
  updateAccountInfo,
  getOutbox,
  getAvatar,
};
