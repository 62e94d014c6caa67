import express, { type Router } from "express";
import { checkCaptcha, getCaptcha, getFormCaptcha } from "../../contract/captcha.js";
import { route } from "../http/route.js";
import type { Clock } from "../http/clock.js";
import { clientIp } from "../http/client-address.js";
import { tooMany } from "../http/envelope.js";
import { consumeAll, type LimitRule, type RateLimits } from "../http/rate-limits.js";
import { CAPTCHA_TYPE, CaptchaService } from "./service.js";

const GETS_PER_IP = 120;
const GET_WINDOW_MS = 10 * 60_000;

function challengesPerIp(ip: string): LimitRule {
  return {
    bucket: "captcha-ip",
    key: ip,
    limit: GETS_PER_IP,
    windowMs: GET_WINDOW_MS,
    refusal: () => tooMany("验证码请求过于频繁，请稍后再试"),
  };
}

/**
 * POST /captcha/get (the slider), GET /captcha/get?mode=form (digits to type, for pages without
 * JavaScript), POST /captcha/check: AJ-Captcha's block puzzle in the site's envelope.
 */
export function createCaptchaRouter(options: { limits: RateLimits; service: CaptchaService; clock: Clock }): Router {
  const { limits, service, clock } = options;
  const router = express.Router();

  route(router, getCaptcha, async (_input, { req }) => {
    await consumeAll(limits, [challengesPerIp(clientIp(req))], clock());
    return service.createSlider(clock());
  });

  route(
    router,
    getFormCaptcha,
    async (_input, { req }) => {
      await consumeAll(limits, [challengesPerIp(clientIp(req))], clock());
      return service.createForm(clock());
    },
    { nameParameters: false },
  );

  route(router, checkCaptcha, async ({ body }) => {
    const input =
      "answer" in body
        ? { kind: "answer" as const, token: body.token, answer: body.answer }
        : { kind: "point" as const, token: body.token, pointJson: body.pointJson };
    const { captchaVerification } = await service.check(input, clock());
    return { captchaType: CAPTCHA_TYPE, token: body.token, result: true as const, captchaVerification };
  });

  return router;
}
