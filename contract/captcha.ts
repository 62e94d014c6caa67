import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { requiredText } from "./fields";

/**
 * With JavaScript, the slider puzzle (AJ-Captcha's `blockPuzzle`) in the site's envelope: the browser
 * sends `pointJson` = AES-ECB-PKCS7(JSON.stringify({x, y: 5}), secretKey). Without it, a picture of
 * CAPTCHA_FORM_DIGITS digits (`GET /captcha/get?mode=form`) the visitor types into a form field:
 * 10 000 possible answers and one try per picture, so a blind guess passes once in 10 000.
 * A passed check answers `captchaVerification`, which one `sendCode` spends.
 */

export const CAPTCHA_TYPE = "blockPuzzle" as const;
export const CAPTCHA_MODES = ["ajax", "form"] as const;
export type CaptchaMode = (typeof CAPTCHA_MODES)[number];

/** How far (px) the piece may land from the gap. */
export const CAPTCHA_TOLERANCE_PX = 5;
export const CAPTCHA_EXPIRED_MESSAGE = "验证码已失效，请重新获取";
export const CAPTCHA_FAILED_MESSAGE = "验证失败，请重新验证";
/** How many digits the no-JavaScript picture shows. */
export const CAPTCHA_FORM_DIGITS = 4;
/** The answer to a picture was wrong (code 6111); the picture is spent, show the next one. */
export const CAPTCHA_FORM_FAILED_MESSAGE = "图中数字输入有误，请看新的图片重新输入";
export const CAPTCHA_FORM_ANSWER_MESSAGE = "请输入图中的数字";

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

/** The no-JavaScript picture is asked for with `?mode=form`. */
export const formCaptchaRequestSchema = z.object({
  captchaType: captchaTypeSchema,
  mode: z.literal("form", { errorMap: () => ({ message: "验证码模式只能是 form 或 ajax" }) }),
});

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

/** The no-JavaScript challenge: digits to read and type. */
export const formCaptchaChallengeSchema = z.object({
  mode: z.literal("form"),
  /** PNG, base64 without a `data:` prefix: the digits to type, drawn with noise. */
  imageBase64: z.string().min(1),
  token: z.string().min(1).max(100),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** How many digits to type (CAPTCHA_FORM_DIGITS). */
  length: z.number().int().positive(),
  /** Seconds the challenge may be checked in. */
  expiresIn: z.number().int().positive(),
});
export type FormCaptchaChallenge = z.infer<typeof formCaptchaChallengeSchema>;

const SLIDER_MISSING_MESSAGE = "请拖动滑块完成验证";

const captchaTokenSchema = z
  .string({ required_error: "缺少验证码 token", invalid_type_error: "缺少验证码 token" })
  .trim()
  .min(1, "缺少验证码 token")
  .max(100, "验证码 token 不正确");

/** The slider's encrypted point, or the digits typed for a `form` challenge (spaces and full-width digits allowed). */
export const captchaCheckSchema = z.union(
  [
    z.object({
      mode: z.literal("form"),
      token: captchaTokenSchema,
      answer: requiredText(CAPTCHA_FORM_ANSWER_MESSAGE, 20),
    }),
    z.object({
      captchaType: captchaTypeSchema,
      token: captchaTokenSchema,
      pointJson: z.string({ required_error: SLIDER_MISSING_MESSAGE }).min(1, SLIDER_MISSING_MESSAGE).max(500),
    }),
  ],
  {
    errorMap: (issue, context) =>
      issue.code === "invalid_union"
        ? {
            message:
              (context.data as { mode?: unknown } | null)?.mode === "form"
                ? CAPTCHA_FORM_ANSWER_MESSAGE
                : SLIDER_MISSING_MESSAGE,
          }
        : { message: context.defaultError },
  },
);
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

/** The no-JavaScript challenge, asked with a GET (`?mode=form`) as a page without JavaScript does. */
export const getFormCaptcha = defineEndpoint({
  method: "GET",
  path: "/captcha/get",
  query: formCaptchaRequestSchema,
  data: formCaptchaChallengeSchema,
  auth: "none",
});

/** The one check a challenge gets; failures answer code 6110 (expired) or 6111 (wrong place or digits). */
export const checkCaptcha = defineEndpoint({
  method: "POST",
  path: "/captcha/check",
  body: captchaCheckSchema,
  data: captchaCheckResultSchema,
  auth: "none",
});

export const captchaEndpoints = { getCaptcha, getFormCaptcha, checkCaptcha };
