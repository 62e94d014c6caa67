import express, { type Router } from "express";
import { z } from "zod";
import { asyncHandler } from "../http/async-handler.js";
import { sendOk } from "../http/envelope.js";
import type { CodePurpose } from "../mail/index.js";
import { clientIp, type AccountContext } from "./context.js";
import { refused, unauthorized } from "./errors.js";
import { alreadyBound, alreadyRegistered } from "./refusals.js";
import { currentUser, optionalUser } from "./sessions.js";
import { findUserByAccount } from "./user-repository.js";
import { accountField, parseForm, parseInput } from "./validation.js";

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

/** Sending a verification code, behind the slider captcha when it is on. */
export function createCodeRoutes(ctx: AccountContext): Router {
  const router = express.Router();
  const maybeAuth = optionalUser(ctx.rawDb, ctx.clock);

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

  return router;
}
