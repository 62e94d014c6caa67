import express, { type Router } from "express";
import { z } from "zod";
import { asyncHandler } from "../http/async-handler.js";
import { sendOk } from "../http/envelope.js";
import { signedInUser, type AccountContext } from "./context.js";
import { refused } from "./errors.js";
import { ACCOUNT_KIND_NAMES, alreadyBound } from "./refusals.js";
import { requireUser } from "./sessions.js";
import { findUserByAccount, isUniqueViolation, removeWayIn, updateUser, type UserChanges } from "./user-repository.js";
import { toUserView, waysIn } from "./users.js";
import { codeField, emailField, parseInput, phoneField, requiredText } from "./validation.js";
import { bindWechatAccount } from "./wechat-login.js";

const TYPE_NAMES = { ...ACCOUNT_KIND_NAMES, wechat: "微信" };
const TYPE_MESSAGE = "账号类型只能是 phone、email 或 wechat";
const LAST_WAY_IN = "至少需要保留一种登录方式，无法解绑";

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

/** Binding and unbinding a phone, an e-mail address or WeChat; a user always keeps one way in. */
export function createBindingRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const auth = requireUser(ctx.rawDb, ctx.clock);

  router.put(
    "/web/api/account/bind-account",
    auth,
    asyncHandler(async (req, res) => {
      const body = parseInput(bindSchema, req.body);
      const user = await signedInUser(ctx, res);
      if (body.type === "wechat") {
        sendOk(res, toUserView(await bindWechatAccount(ctx, user, body.code, body.state)));
        return;
      }
      const kind = body.type;
      const owner = await findUserByAccount(ctx.db, kind, body.account);
      if (owner) throw alreadyBound(kind, owner.id === user.id);
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
      const user = await signedInUser(ctx, res);
      const bound = body.type === "wechat" ? Boolean(user.wechat_openid || user.wechat_unionid) : Boolean(user[body.type]);
      if (!bound) throw refused(`尚未绑定${TYPE_NAMES[body.type]}`);
      if (waysIn(user) <= 1) throw refused(LAST_WAY_IN);
      const changes: UserChanges =
        body.type === "wechat" ? { wechat_openid: null, wechat_unionid: null, wechat_nickname: null } : { [body.type]: null };
      const updated = await removeWayIn(ctx.db, user.id, changes, ctx.clock());
      if (!updated) throw refused(LAST_WAY_IN);
      sendOk(res, toUserView(updated));
    }),
  );

  return router;
}
