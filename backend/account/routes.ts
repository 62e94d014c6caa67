import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { notFound, sendOk } from "../http/envelope.js";
import { asyncHandler } from "../http/async-handler.js";
import type { CodePurpose } from "../mail/index.js";
import { bindWechatAccount } from "../wechat/routes.js";
import { AVATAR_FILE_NAME, AVATAR_MAX_BYTES, avatarDirectory, deleteAvatar, parseCrop, processAvatar, storeAvatar } from "./avatar.js";
import { MINUTE } from "./clock.js";
import { CODE_INVALID_MESSAGE } from "./codes.js";
import { clientIp, loginData, type AccountContext } from "./context.js";
import { refused, tooMany, unauthorized } from "./errors.js";
import { readMultipart, type MultipartForm } from "./multipart.js";
import { verifyPassword, hashPassword } from "./passwords.js";
import { minutesUntil } from "./rate-limit.js";
import { insertResetTicket, spendResetTicket, spendUserResetTickets } from "./reset-ticket-repository.js";
import { revokeSession, revokeUserSessions } from "./session-repository.js";
import { mustUser, optionalUser, requireUser, currentUser } from "./sessions.js";
import {
  findUserByAccount,
  findUserById,
  insertUser,
  isUniqueViolation,
  removeWayIn,
  setUserPassword,
  updateUser,
  type UserChanges,
} from "./user-repository.js";
import { toUserView, waysIn } from "./users.js";
import {
  accountField,
  codeField,
  emailField,
  newPasswordField,
  nicknameField,
  parseForm,
  parseInput,
  passwordField,
  phoneField,
  requiredText,
  type AccountKind,
} from "./validation.js";

export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_IP = 20;
export const RESET_TICKET_TTL_MS = 15 * MINUTE;
const WRONG_CREDENTIALS = "账号或密码错误";

const KIND_NAMES: Record<AccountKind, string> = { phone: "手机号", email: "邮箱" };
const TYPE_NAMES = { ...KIND_NAMES, wechat: "微信" };
const TYPE_MESSAGE = "账号类型只能是 phone、email 或 wechat";

const purposeField = z.enum(["register", "login", "reset", "bind", "change"], {
  errorMap: () => ({ message: "验证码用途只能是 register、login、reset、bind、change 之一" }),
});

const sendCodeSchema = z.object({
  account: z.unknown().optional(),
  phone: z.unknown().optional(),
  email: z.unknown().optional(),
  purpose: purposeField,
  captchaVerification: z.string({ invalid_type_error: "请先完成滑块验证" }).max(1000, "请先完成滑块验证").optional(),
});

const loginSchema = z.object({ account: accountField, password: passwordField });
const smsLoginSchema = z.object({ phone: phoneField, code: codeField });
const optionalNickname = nicknameField.optional().transform((value) => value || undefined);
const registerPhoneSchema = z.object({
  phone: phoneField,
  code: codeField,
  password: newPasswordField,
  confirmPassword: z.string().optional(),
  nickname: optionalNickname,
});
const registerEmailSchema = registerPhoneSchema.omit({ phone: true }).extend({ email: emailField });
const resetVerifySchema = z.object({ account: accountField, code: codeField });
const resetSchema = z.object({
  ticket: requiredText("重置凭证无效或已过期，请重新验证", 100),
  password: newPasswordField,
  confirmPassword: z.string().optional(),
});
const typeField = z.enum(["phone", "email", "wechat"], { errorMap: () => ({ message: TYPE_MESSAGE }) });
const bindSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("phone"), account: phoneField, code: codeField }),
    z.object({ type: z.literal("email"), account: emailField, code: codeField }),
    z.object({
      type: z.literal("wechat"),
      code: requiredText("缺少微信授权码", 256),
      state: requiredText("微信登录已过期，请重新扫码", 100),
    }),
  ],
  { errorMap: (issue, ctx) => (issue.code === "invalid_union_discriminator" ? { message: TYPE_MESSAGE } : { message: ctx.defaultError }) },
);
const unbindSchema = z.object({ type: typeField });
const changePasswordSchema = z.object({
  oldPassword: z.string({ invalid_type_error: "请输入原密码" }).max(200, "原密码不正确").optional(),
  newPassword: newPasswordField,
  confirmPassword: z.string().optional(),
});

const optionalProfileText = (name: string, max: number) =>
  z
    .string({ invalid_type_error: `${name}格式不正确` })
    .trim()
    .max(max, `${name}不能超过 ${max} 个字符`)
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), `${name}不能包含控制字符`)
    .optional();

const profileSchema = z.object({
  nickname: nicknameField.refine((value) => value !== "", "昵称不能为空").optional(),
  gender: z
    .union([z.number(), z.string()])
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === "") return undefined;
      const map: Record<string, number> = { "0": 0, "1": 1, "2": 2, unknown: 0, male: 1, female: 2 };
      const parsed = map[String(value).trim().toLowerCase()];
      if (parsed === undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "性别只能是 0（保密）、1（男）或 2（女）" });
        return z.NEVER;
      }
      return parsed;
    }),
  birthday: z
    .string({ invalid_type_error: "生日格式不正确" })
    .trim()
    .optional()
    .refine((value) => value === undefined || value === "" || isPastDate(value), "生日格式不正确，应为 YYYY-MM-DD 且不晚于今天"),
  bio: optionalProfileText("个性签名", 200),
  signature: optionalProfileText("个性签名", 200),
  city: optionalProfileText("城市", 50),
  crop: z.string({ invalid_type_error: "裁剪参数格式不正确，应为 x,y,w,h" }).max(100).optional(),
});

function isPastDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return Number(match[1]) >= 1900 && date.getTime() <= Date.now();
}

function alreadyRegistered(kind: AccountKind) {
  return refused(`该${KIND_NAMES[kind]}已注册，请直接登录`);
}

function alreadyBound(kind: AccountKind, toCurrentUser: boolean) {
  return refused(`该${KIND_NAMES[kind]}${toCurrentUser ? "已绑定当前账号" : "已被其他账号绑定"}`);
}

function confirmMatches(password: string, confirm: string | undefined): void {
  if (confirm !== undefined && confirm !== password) throw refused("两次输入的密码不一致");
}

function hashTicket(ticket: string): string {
  return createHash("sha256").update(ticket, "utf8").digest("hex");
}

/** The account endpoints of SPEC 7 "User". */
export function createAccountRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const auth = requireUser(ctx.rawDb, ctx.clock);
  const maybeAuth = optionalUser(ctx.rawDb, ctx.clock);

  /** 429 once `key` has `max` failures in the login window: "<what>次数过多，请 N 分钟后再试". */
  async function refuseOverLimit(bucket: string, key: string, max: number, now: Date, what: string): Promise<void> {
    const failures = await ctx.limits.count(bucket, key, now, LOGIN_WINDOW_MS);
    if (failures.count >= max) {
      throw tooMany(`${what}次数过多，请 ${minutesUntil(failures.oldest, LOGIN_WINDOW_MS, now)} 分钟后再试`);
    }
  }

  async function loadUser(res: Response) {
    const user = await findUserById(ctx.db, mustUser(res).userId);
    if (!user) throw unauthorized();
    return user;
  }

  router.get(
    "/web/api/account/user-info",
    auth,
    asyncHandler(async (_req, res) => {
      res.set("Cache-Control", "no-store");
      sendOk(res, toUserView(await loadUser(res)));
    }),
  );

  router.post(
    "/web/api/account/sendCode",
    maybeAuth,
    asyncHandler(async (req, res) => {
      const body = parseForm(sendCodeSchema, req.body);
      const rawAccount = [body.account, body.phone, body.email].find((value) => value !== undefined && value !== "");
      const account = parseInput(z.object({ account: accountField }), { account: rawAccount }).account;
      const purpose: CodePurpose = body.purpose;
      const now = ctx.clock();
      if (purpose === "login" && account.kind !== "phone") throw refused("验证码登录仅支持手机号");
      const signedIn = currentUser(res);
      if ((purpose === "bind" || purpose === "change") && !signedIn) throw unauthorized();

      if (ctx.config.captchaEnabled) {
        if (!body.captchaVerification) throw refused("请先完成滑块验证");
        const spent = await ctx.captcha.consumeVerification(body.captchaVerification, now);
        if (!spent) throw refused("滑块验证已失效，请重新验证");
      }

      const existing = await findUserByAccount(ctx.db, account.kind, account.value);
      if (purpose === "register" && existing) throw alreadyRegistered(account.kind);
      if ((purpose === "bind" || purpose === "change") && existing) {
        throw alreadyBound(account.kind, existing.id === signedIn?.userId);
      }
      await ctx.codes.send({
        channel: account.kind,
        target: account.value,
        purpose,
        ip: clientIp(req),
        now,
        // Login and reset never send to an unknown account, and say so no differently.
        deliver: purpose === "login" || purpose === "reset" ? Boolean(existing) : true,
        // Reset and login answer as fast whether or not the account exists (no timing oracle).
        background: purpose === "reset" || purpose === "login",
      });
      sendOk(res, { sent: true, cooldown: 60, expiresIn: 600 });
    }),
  );

  router.post(
    "/web/api/login",
    asyncHandler(async (req, res) => {
      const body = parseForm(loginSchema, req.body);
      const now = ctx.clock();
      const accountKey = `${body.account.kind}:${body.account.value}`;
      const ip = clientIp(req);
      await refuseOverLimit("login-fail-account", accountKey, LOGIN_FAILURES_PER_ACCOUNT, now, "登录失败");
      await refuseOverLimit("login-fail-ip", ip, LOGIN_FAILURES_PER_IP, now, "登录失败");
      const user = await findUserByAccount(ctx.db, body.account.kind, body.account.value);
      const ok = await verifyPassword(body.password, user?.password_hash);
      if (!user || !ok) {
        await ctx.limits.record("login-fail-account", accountKey, now);
        await ctx.limits.record("login-fail-ip", ip, now);
        throw refused(WRONG_CREDENTIALS);
      }
      await ctx.limits.clear("login-fail-account", accountKey);
      sendOk(res, await loginData(ctx, user, req));
    }),
  );

  router.post(
    "/web/api/sms-login",
    asyncHandler(async (req, res) => {
      const body = parseForm(smsLoginSchema, req.body);
      await ctx.codes.verify(body.phone, ["login"], body.code, ctx.clock());
      const user = await findUserByAccount(ctx.db, "phone", body.phone);
      if (!user) throw refused(CODE_INVALID_MESSAGE);
      sendOk(res, await loginData(ctx, user, req));
    }),
  );

  async function register(req: Request, res: Response, kind: AccountKind, value: string, body: { code: string; password: string; confirmPassword?: string; nickname?: string }) {
    confirmMatches(body.password, body.confirmPassword);
    if (await findUserByAccount(ctx.db, kind, value)) throw alreadyRegistered(kind);
    await ctx.codes.verify(value, ["register"], body.code, ctx.clock());
    let user;
    try {
      user = await insertUser(ctx.db, { [kind]: value, password_hash: await hashPassword(body.password), nickname: body.nickname }, ctx.clock());
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyRegistered(kind);
      throw error;
    }
    sendOk(res, await loginData(ctx, user, req));
  }

  router.post(
    "/web/api/account/register/phone",
    asyncHandler(async (req, res) => {
      const body = parseForm(registerPhoneSchema, req.body);
      await register(req, res, "phone", body.phone, body);
    }),
  );

  router.post(
    "/web/api/account/register/email",
    asyncHandler(async (req, res) => {
      const body = parseForm(registerEmailSchema, req.body);
      await register(req, res, "email", body.email, body);
    }),
  );

  router.post(
    "/web/api/logout",
    auth,
    asyncHandler(async (_req, res) => {
      await revokeSession(ctx.db, mustUser(res).sessionId, ctx.clock());
      sendOk(res, null);
    }),
  );

  router.post(
    "/web/api/account/rest-code-verify",
    asyncHandler(async (req, res) => {
      const body = parseForm(resetVerifySchema, req.body);
      const now = ctx.clock();
      await ctx.codes.verify(body.account.value, ["reset"], body.code, now);
      const user = await findUserByAccount(ctx.db, body.account.kind, body.account.value);
      if (!user) throw refused(CODE_INVALID_MESSAGE);
      const ticket = randomBytes(32).toString("base64url");
      await insertResetTicket(ctx.db, {
        userId: user.id,
        ticketHash: hashTicket(ticket),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TICKET_TTL_MS),
      });
      sendOk(res, { ticket, expired: RESET_TICKET_TTL_MS / 1000 });
    }),
  );

  router.put(
    "/web/api/account/rest-pwd",
    asyncHandler(async (req, res) => {
      const body = parseForm(resetSchema, req.body);
      confirmMatches(body.password, body.confirmPassword);
      const now = ctx.clock();
      const passwordHash = await hashPassword(body.password);
      const userId = await spendResetTicket(ctx.db, hashTicket(body.ticket), now);
      if (userId === undefined) throw refused("重置凭证无效或已过期，请重新验证");
      await setUserPassword(ctx.db, userId, passwordHash, now);
      await revokeUserSessions(ctx.db, userId, now);
      await spendUserResetTickets(ctx.db, userId, now);
      sendOk(res, null);
    }),
  );

  router.put(
    "/web/api/account/bind-account",
    auth,
    asyncHandler(async (req, res) => {
      const body = parseInput(bindSchema, req.body);
      const user = await loadUser(res);
      if (body.type === "wechat") {
        sendOk(res, toUserView(await bindWechatAccount(ctx, user, body.code, body.state)));
        return;
      }
      const kind = body.type;
      const owner = await findUserByAccount(ctx.db, kind, body.account);
      if (owner) {
        throw alreadyBound(kind, owner.id === user.id);
      }
      await ctx.codes.verify(body.account, ["bind", "change"], body.code, ctx.clock());
      let updated;
      try {
        updated = await updateUser(ctx.db, user.id, { [kind]: body.account }, ctx.clock());
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyBound(kind, false);
        throw error;
      }
      sendOk(res, toUserView(updated));
    }),
  );

  router.put(
    "/web/api/account/unbind-account",
    auth,
    asyncHandler(async (req, res) => {
      const body = parseInput(unbindSchema, req.body);
      const user = await loadUser(res);
      const bound = body.type === "wechat" ? Boolean(user.wechat_openid || user.wechat_unionid) : Boolean(user[body.type]);
      if (!bound) throw refused(`尚未绑定${TYPE_NAMES[body.type]}`);
      if (waysIn(user) <= 1) throw refused("至少需要保留一种登录方式，无法解绑");
      const changes =
        body.type === "wechat"
          ? { wechat_openid: null, wechat_unionid: null, wechat_nickname: null }
          : { [body.type]: null };
      const updated = await removeWayIn(ctx.db, user.id, changes, ctx.clock());
      if (!updated) throw refused("至少需要保留一种登录方式，无法解绑");
      sendOk(res, toUserView(updated));
    }),
  );

  router.put(
    "/web/api/account/update-account-pwd",
    auth,
    asyncHandler(async (req, res) => {
      const body = parseInput(changePasswordSchema, req.body);
      confirmMatches(body.newPassword, body.confirmPassword);
      const user = await loadUser(res);
      const session = mustUser(res);
      const now = ctx.clock();
      if (user.password_hash) {
        const key = String(user.id);
        await refuseOverLimit("password-change-fail", key, LOGIN_FAILURES_PER_ACCOUNT, now, "原密码错误");
        if (!body.oldPassword) throw refused("请输入原密码");
        if (!(await verifyPassword(body.oldPassword, user.password_hash))) {
          await ctx.limits.record("password-change-fail", key, now);
          throw refused("原密码不正确");
        }
      }
      await setUserPassword(ctx.db, user.id, await hashPassword(body.newPassword), now);
      await revokeUserSessions(ctx.db, user.id, now, session.sessionId);
      sendOk(res, null);
    }),
  );

  router.post(
    "/web/api/account/update-account-info",
    auth,
    asyncHandler(async (req, res) => {
      if (Number(req.get("content-length") ?? 0) > AVATAR_MAX_BYTES + 256 * 1024) throw refused("头像图片不能超过 5 MB");
      const user = await loadUser(res);
      const { fields, file }: MultipartForm = req.is("multipart/form-data")
        ? await readMultipart(req)
        : { fields: req.body && typeof req.body === "object" ? (req.body as Record<string, string>) : {} };
      const body = parseInput(profileSchema, fields);
      const crop = parseCrop(body.crop);
      const changes: UserChanges = {};
      if (body.nickname !== undefined) changes.nickname = body.nickname;
      if (body.gender !== undefined) changes.gender = body.gender;
      if (body.birthday !== undefined) changes.birthday = body.birthday === "" ? null : body.birthday;
      const bio = body.bio ?? body.signature;
      if (bio !== undefined) changes.bio = bio;
      if (body.city !== undefined) changes.city = body.city;
      if (file) {
        const jpeg = await processAvatar(file, crop);
        changes.avatar = await storeAvatar(ctx.config.dataDir, jpeg);
      }
      const updated = await updateUser(ctx.db, user.id, changes, ctx.clock());
      if (changes.avatar && user.avatar && user.avatar !== changes.avatar) {
        await deleteAvatar(ctx.config.dataDir, user.avatar).catch(() => undefined);
      }
      sendOk(res, toUserView(updated));
    }),
  );

  router.get(
    "/web/api/account/avatar/:file",
    asyncHandler(async (req, res) => {
      const name = String(req.params.file);
      if (!AVATAR_FILE_NAME.test(name)) throw refusedNotFound();
      const file = path.join(avatarDirectory(ctx.config.dataDir), name);
      let data: Buffer;
      try {
        data = await fs.readFile(file);
      } catch {
        throw refusedNotFound();
      }
      res.set({
        "Content-Type": "image/jpeg",
        "Content-Length": String(data.length),
        // Every upload gets a new random name, so a name's content never changes.
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'",
        "Cross-Origin-Resource-Policy": "cross-origin",
      });
      res.status(200).end(data);
    }),
  );

  return router;
}

function refusedNotFound() {
  return notFound("头像不存在");
}
