import express, { type Router } from "express";
import { bindAccount, unbindAccount } from "../../contract/account.js";
import { route } from "../http/route.js";
import { signedInUser, type AccountContext } from "./context.js";
import { refused, writeConflict } from "./errors.js";
import { requireIdentity } from "./reauth.js";
import { ACCOUNT_KIND_NAMES, alreadyBound } from "./refusals.js";
import { mustUser, requireUser } from "./sessions.js";
import { isUniqueViolation, removeWayIn, updateUser, type UserChanges } from "./user-repository.js";
import { toUserView, waysIn } from "./users.js";
import { bindWechatAccount } from "./wechat-login.js";

const TYPE_NAMES = { ...ACCOUNT_KIND_NAMES, wechat: "微信" };
const LAST_WAY_IN = "至少需要保留一种登录方式，无法解绑";

/**
 * Binding and unbinding a phone, an e-mail address or WeChat: only with a proof that the owner is
 * at the keyboard (a stolen session alone cannot add the thief's phone), and a user always keeps
 * one way in.
 */
export function createBindingRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const auth = requireUser(ctx.rawDb, ctx.clock);

  route(
    router,
    bindAccount,
    async ({ body }, { res }) => {
      const user = await signedInUser(ctx, res);
      // WeChat's bind state was only issued to a session that had proved who it is.
      if (body.type === "wechat") {
        const withWechat = await bindWechatAccount(ctx, user, body.code, body.state);
        await ctx.events.securityChanged(user.id, "bind-wechat", ctx.clock());
        return toUserView(withWechat);
      }
      const kind = body.type;
      if (user[kind] === body.account) throw alreadyBound(kind, true);
      await requireIdentity(ctx, user, mustUser(res), body);
      // For a phone or e-mail another account has, the code was never sent: a guess fails like any other.
      await ctx.codes.verify(body.account, ["bind", "change"], body.code, ctx.clock());
      let updated;
      try {
        updated = await updateUser(ctx.db, user, { [kind]: body.account }, ctx.clock());
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyBound(kind, false);
        throw error;
      }
      if (!updated) throw writeConflict();
      await ctx.events.securityChanged(user.id, `bind-${kind}`, ctx.clock());
      return toUserView(updated);
    },
    { before: [auth] },
  );

  route(
    router,
    unbindAccount,
    async ({ body }, { res }) => {
      const user = await signedInUser(ctx, res);
      const bound =
        body.type === "wechat" ? Boolean(user.wechat_openid || user.wechat_unionid) : Boolean(user[body.type]);
      if (!bound) throw refused(`尚未绑定${TYPE_NAMES[body.type]}`);
      if (waysIn(user) <= 1) throw refused(LAST_WAY_IN);
      await requireIdentity(ctx, user, mustUser(res), body);
      const changes: UserChanges =
        body.type === "wechat"
          ? { wechat_openid: null, wechat_unionid: null, wechat_nickname: null }
          : { [body.type]: null };
      const updated = await removeWayIn(ctx.db, user, changes, ctx.clock());
      // The version read above still had another way in, so nothing but a newer write stops this one.
      if (!updated) throw writeConflict();
      await ctx.events.securityChanged(user.id, `unbind-${body.type}`, ctx.clock());
      return toUserView(updated);
    },
    { before: [auth] },
  );

  return router;
}
