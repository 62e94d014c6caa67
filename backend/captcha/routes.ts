import express, { type Request, type Router } from "express";
import { z } from "zod";
import { asyncHandler } from "../http/async-handler.js";
import { sendOk } from "../http/envelope.js";
import type { Clock } from "../account/clock.js";
import { tooMany } from "../account/errors.js";
import { clientIp } from "../account/context.js";
import type { RateLimiter } from "../account/rate-limit.js";
import { parseInput } from "../account/validation.js";
import { CAPTCHA_TYPE, CaptchaService, type CaptchaMode } from "./service.js";

const GETS_PER_IP = 120;
const GET_WINDOW_MS = 10 * 60_000;

const modeField = z
  .union([z.literal("form"), z.literal("ajax"), z.literal("")], { errorMap: () => ({ message: "验证码模式只能是 form 或 ajax" }) })
  .optional()
  .transform((value): CaptchaMode => (value === "form" ? "form" : "ajax"));

const captchaTypeField = z
  .string({ invalid_type_error: "验证码类型不正确" })
  .optional()
  .refine((value) => value === undefined || value === "" || value === CAPTCHA_TYPE, "仅支持 blockPuzzle 滑块验证码");

const getSchema = z.object({ captchaType: captchaTypeField, mode: modeField }).passthrough();

const number = (message: string) =>
  z.union([z.number(), z.string().trim().min(1, message)], { errorMap: () => ({ message }) }).pipe(
    z.coerce.number({ invalid_type_error: message }).finite(message).min(-10_000, message).max(10_000, message),
  );

const tokenField = z.string({ required_error: "缺少验证码 token", invalid_type_error: "缺少验证码 token" }).trim().min(1, "缺少验证码 token").max(100, "验证码 token 不正确");

const checkSchema = z.union([
  z.object({ captchaType: captchaTypeField, token: tokenField, pointJson: z.string().min(1).max(500) }),
  z.object({ mode: z.literal("form"), token: tokenField, x: number("请输入滑块位置") }),
  z.object({ mode: z.literal("form"), token: tokenField, clickX: number("点击位置不正确"), clickY: number("点击位置不正确") }),
  // `<input type="image" name="click">` posts click.x / click.y.
  z.object({ mode: z.literal("form"), token: tokenField, "click.x": number("点击位置不正确"), "click.y": number("点击位置不正确") }),
]);

/** POST (and GET) /captcha/get, POST /captcha/check: AJ-Captcha's block puzzle in the site's envelope. */
export function createCaptchaRouter(options: { limits: RateLimiter; service: CaptchaService; clock: Clock }): Router {
  const { limits, service, clock } = options;
  const router = express.Router();

  const get = async (req: Request, res: express.Response) => {
    const input = parseInput(getSchema, { ...(req.query as object), ...(req.body && typeof req.body === "object" ? req.body : {}) });
    const now = clock();
    const ip = clientIp(req);
    const used = await limits.count("captcha-ip", ip, now, GET_WINDOW_MS);
    if (used.count >= GETS_PER_IP) throw tooMany("验证码请求过于频繁，请稍后再试");
    await limits.record("captcha-ip", ip, now);
    const challenge = await service.create(input.mode, now);
    res.set("Cache-Control", "no-store");
    sendOk(res, challenge);
  };
  router.post("/captcha/get", asyncHandler(get));
  router.get("/captcha/get", asyncHandler(get));

  router.post(
    "/captcha/check",
    asyncHandler(async (req, res) => {
      const body = parseInput(checkSchema, req.body);
      let result;
      if ("pointJson" in body) {
        result = await service.check({ kind: "point", token: body.token, pointJson: body.pointJson }, clock());
      } else if ("x" in body) {
        result = await service.check({ kind: "x", token: body.token, x: body.x }, clock());
      } else if ("clickX" in body) {
        result = await service.check({ kind: "click", token: body.token, clickX: body.clickX, clickY: body.clickY }, clock());
      } else {
        result = await service.check({ kind: "click", token: body.token, clickX: body["click.x"], clickY: body["click.y"] }, clock());
      }
      res.set("Cache-Control", "no-store");
      sendOk(res, { captchaType: CAPTCHA_TYPE, token: body.token, result: true, captchaVerification: result.captchaVerification });
    }),
  );
  return router;
}
