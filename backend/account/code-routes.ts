import express, { type Router } from "express";
import { sendCode, SEND_CODE_CAPTCHA_MESSAGE } from "../../contract/account.js";
import { CODE_RESEND_COOLDOWN_S, CODE_VALID_S } from "../../contract/fields.js";
import { route } from "../http/route.js";
import type { Delivery } from "./codes.js";
import { clientIp, signedInUser, type AccountContext } from "./context.js";
import { refused, unauthorized } from "./errors.js";
import { alreadyBound } from "./refusals.js";
import { currentUser, optionalUser } from "./sessions.js";
import { findUserByAccount } from "./user-repository.js";
import { accountOf } from "./validation.js";

const SENT = { sent: true, cooldown: CODE_RESEND_COOLDOWN_S, expiresIn: CODE_VALID_S } as const;

/**
 * Sending a verification code, behind the slider captcha when it is on. The answer never tells
 * whether the account exists: where a code would be of no use (registering a taken phone, binding
 * another user's e-mail), the owner is told instead; for an unknown account nothing goes out.
 */
export function createCodeRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const maybeAuth = optionalUser(ctx.rawDb, ctx.clock);

  route(
    router,
    sendCode,
    async ({ body }, { req, res }) => {
      const account = accountOf(body.account);
      const { purpose } = body;
      const now = ctx.clock();
      const send = (delivery: Delivery, background = false) =>
        ctx.codes.send({
          channel: account.kind,
          target: account.value,
          purpose,
          ip: clientIp(req),
          now,
          delivery,
          background,
        });
      if (purpose === "login" && account.kind !== "phone") throw refused("验证码登录仅支持手机号");
      const signedIn = currentUser(res);
      if ((purpose === "bind" || purpose === "change" || purpose === "reauth") && !signedIn) throw unauthorized();

      if (purpose === "reauth") {
        // Only to the user's own phone or e-mail: no captcha needed, the caps still apply.
        const user = await signedInUser(ctx, res);
        if (user[account.kind] !== account.value) throw refused("验证码只能发送到你已绑定的手机号或邮箱");
        await send({ kind: "code" });
        return SENT;
      }

      if (ctx.config.captchaEnabled) {
        if (!body.captchaVerification) throw refused(SEND_CODE_CAPTCHA_MESSAGE);
        const spent = await ctx.captcha.consumeVerification(body.captchaVerification, now);
        if (!spent) throw refused("滑块验证已失效，请重新验证");
      }

      const owner = await findUserByAccount(ctx.db, account.kind, account.value);
      switch (purpose) {
        case "register":
          await send(owner ? { kind: "notice", notice: "register-taken" } : { kind: "code" });
          break;
        case "bind":
        case "change":
          // The user's own phone or e-mail is theirs to know about.
          if (owner && owner.id === signedIn!.userId) throw alreadyBound(account.kind, true);
          await send(owner ? { kind: "notice", notice: "bind-taken" } : { kind: "code" });
          break;
        case "login":
        case "reset":
          // In the background either way, so the answer takes as long whether or not anything is sent.
          await send(owner ? { kind: "code" } : { kind: "none" }, true);
          break;
      }
      return SENT;
    },
    { before: [maybeAuth] },
  );

  return router;
}
