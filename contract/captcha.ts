import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/**
 * The slider puzzle (AJ-Captcha's `blockPuzzle`) in the site's envelope. With JavaScript the
 * browser sends `pointJson` = AES-ECB-PKCS7(JSON.stringify({x, y: 5}), secretKey); without it a
 * form posts the slider position `x`, or the click on the gap of an `<input type="image" name="click">`.
 * A passed check answers `captchaVerification`, which one `sendCode` spends.
 */

export const CAPTCHA_TYPE = "blockPuzzle";
export const CAPTCHA_MODES = ["ajax", "form"] as const;
export type CaptchaMode = (typeof CAPTCHA_MODES)[number];

/** How far (px) the piece may land from the gap. */
export const CAPTCHA_TOLERANCE_PX = 5;
export const CAPTCHA_EXPIRED_MESSAGE = "验证码已失效，请重新获取";
export const CAPTCHA_FAILED_MESSAGE = "验证失败，请重新验证";

const captchaTypeSchema = z
  .string({ invalid_type_error: "验证码类型不正确" })
  .optional()
  .refine((value) => value === undefined || value === "" || value === CAPTCHA_TYPE, "仅支持 blockPuzzle 滑块验证码");

/** `form` gives the same images for a page to embed; anything else, or nothing, is `ajax`. */
const captchaModeSchema = z
  .union([z.literal("form"), z.literal("ajax"), z.literal("")], {
    errorMap: () => ({ message: "验证码模式只能是 form 或 ajax" }),
  })
  .optional()
  .transform((value): CaptchaMode => (value === "form" ? "form" : "ajax"));

export const captchaRequestSchema = z.object({ captchaType: captchaTypeSchema, mode: captchaModeSchema });

export const captchaChallengeSchema = z.object({
  captchaType: z.literal(CAPTCHA_TYPE),
  /** PNG, base64 without a `data:` prefix: the background with the gap cut in. */
  originalImageBase64: z.string().min(1),
  /** PNG, base64: a strip as tall as the background holding the piece at the gap's height. */
  jigsawImageBase64: z.string().min(1),
  token: z.string().min(1).max(100),
  /** The AES-128 key for `pointJson`. */
  secretKey: z.string().length(16),
  wordList: z.null(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  pieceWidth: z.number().int().positive(),
  /** Seconds the challenge may be checked in. */
  expiresIn: z.number().int().positive(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

const position = (message: string) =>
  z
    .union([z.number(), z.string().trim().min(1, message)], { errorMap: () => ({ message }) })
    .pipe(z.coerce.number({ invalid_type_error: message }).finite(message).min(-10_000, message).max(10_000, message));

const captchaTokenSchema = z
  .string({ required_error: "缺少验证码 token", invalid_type_error: "缺少验证码 token" })
  .trim()
  .min(1, "缺少验证码 token")
  .max(100, "验证码 token 不正确");

export const captchaCheckSchema = z.union([
  z.object({ captchaType: captchaTypeSchema, token: captchaTokenSchema, pointJson: z.string().min(1).max(500) }),
  z.object({ mode: z.literal("form"), token: captchaTokenSchema, x: position("请输入滑块位置") }),
  z.object({
    mode: z.literal("form"),
    token: captchaTokenSchema,
    clickX: position("点击位置不正确"),
    clickY: position("点击位置不正确"),
  }),
  z.object({
    mode: z.literal("form"),
    token: captchaTokenSchema,
    "click.x": position("点击位置不正确"),
    "click.y": position("点击位置不正确"),
  }),
]);
export type CaptchaCheck = z.input<typeof captchaCheckSchema>;

export const captchaCheckResultSchema = z.object({
  captchaType: z.literal(CAPTCHA_TYPE),
  token: z.string().min(1),
  result: z.literal(true),
  /** Spent once by `sendCode`, within five minutes. */
  captchaVerification: z.string().min(1).max(1000),
});
export type CaptchaCheckResult = z.infer<typeof captchaCheckResultSchema>;

export const getCaptcha = defineEndpoint({
  method: "POST",
  path: "/captcha/get",
  body: captchaRequestSchema,
  data: captchaChallengeSchema,
  auth: "none",
});

/** The same challenge asked with a GET, as a page without JavaScript does (`mode=form`). */
export const getFormCaptcha = defineEndpoint({
  method: "GET",
  path: "/captcha/get",
  query: captchaRequestSchema,
  data: captchaChallengeSchema,
  auth: "none",
});

/** The one check a challenge gets; failures answer code 6110 (expired) or 6111 (wrong place). */
export const checkCaptcha = defineEndpoint({
  method: "POST",
  path: "/captcha/check",
  body: captchaCheckSchema,
  data: captchaCheckResultSchema,
  auth: "none",
});

export const captchaEndpoints = { getCaptcha, getFormCaptcha, checkCaptcha };
