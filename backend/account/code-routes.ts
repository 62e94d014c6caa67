import { clientIp } from "../http/client-address.js";
import express, { type Request, type Router } from "express";
import { getOutbox, isLoopbackHostName, sendCode, SEND_CODE_CAPTCHA_MESSAGE } from "../../contract/account.js";
import { CODE_RESEND_COOLDOWN_S, CODE_VALID_S } from "../../contract/fields.js";
import { notFound } from "../http/envelope.js";
import { route } from "../http/route.js";
import type { Destination } from "../mail/index.js";
import { isLoopbackAddress } from "../mail/outbox.js";
import type { Delivery } from "./codes.js";
import { signedInUser, type AccountContext } from "./context.js";
import { refused, unauthorized } from "./errors.js";
import { alreadyBound } from "./refusals.js";
import { currentUser, optionalUser } from "./sessions.js";
import { findUserByAccount } from "./user-repository.js";
import { accountOf } from "./validation.js";

const SENT = { sent: true, cooldown: CODE_RESEND_COOLDOWN_S, expiresIn: CODE_VALID_S } as const;

/** What a sent code answers; `outbox` tells the client on this machine where to read it. */
const sent = (destination: Destination) => (destination === "outbox" ? { ...SENT, outbox: true } : SENT);

/** The client, as TRUST_PROXY resolves its address, is on this server's own machine. */
const onThisMachine = (req: Request) => isLoopbackAddress(clientIp(req));

/**
 * Sending a verification code, behind the slider captcha when it is on. The answer never tells
 * whether the account exists: where a code would be of no use (registering a taken phone, binding
 * another user's e-mail), the owner is told instead; for an unknown account nothing goes out. A
 * channel without configuration keeps its messages in the local outbox for a client on this
 * machine (decision 022), which reads them with `getOutbox`; anyone else gets a 404 there.
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
      const clientOnThisMachine = onThisMachine(req);
      const send = (delivery: Delivery, background = false) =>
        ctx.codes.send({
          channel: account.kind,
          target: account.value,
          purpose,
          ip: clientIp(req),
          clientOnThisMachine,
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
        return sent(await send({ kind: "code" }));
      }

      // Before the captcha: a channel that cannot reach this client is said at once.
      ctx.codes.destination(account.kind, clientOnThisMachine);
      if (ctx.config.captchaEnabled) {
        if (!body.captchaVerification) throw refused(SEND_CODE_CAPTCHA_MESSAGE);
        const spent = await ctx.captcha.consumeVerification(body.captchaVerification, now);
        if (!spent) throw refused("滑块验证已失效，请重新验证");
      }

      const owner = await findUserByAccount(ctx.db, account.kind, account.value);
      switch (purpose) {
        case "register":
          return sent(await send(owner ? { kind: "notice", notice: "register-taken" } : { kind: "code" }));
        case "bind":
        case "change":
          // The user's own phone or e-mail is theirs to know about.
          if (owner && owner.id === signedIn!.userId) throw alreadyBound(account.kind, true);
          return sent(await send(owner ? { kind: "notice", notice: "bind-taken" } : { kind: "code" }));
        case "login":
        case "reset":
          // In the background either way, so the answer takes as long whether or not anything is sent.
          return sent(await send(owner ? { kind: "code" } : { kind: "none" }, true));
      }
    },
    { before: [maybeAuth] },
  );

  route(router, getOutbox, async (_input, { req }) => {
    if (!ctx.outbox || !onThisMachine(req) || !isLoopbackHostName(req.hostname)) throw notFound("接口不存在");
    return { entries: ctx.outbox.list(ctx.clock()) };
  });

  return router;
}
