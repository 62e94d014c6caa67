import { z, type ZodTypeAny } from "zod";
import { queryIntWithDefault } from "./query";

/** The only code that means success; any other code is a refusal, whatever the HTTP status. */
export const SUCCESS_CODE = "200";
export const SUCCESS_MESSAGE = "success";

/** A missing, malformed, unknown, expired or revoked token (HTTP 401): clear the token, go home. */
export const TOKEN_EXPIRED_CODE = "S00106";
export const TOKEN_EXPIRED_MESSAGE = "登录已过期，请重新登录";

/** The codes of failed answers, with the HTTP status each comes with. */
export const ERROR_CODES = {
  /** HTTP 400: bad parameters, wrong code, a business rule said no. */
  badRequest: "400",
  /** HTTP 401. */
  tokenExpired: TOKEN_EXPIRED_CODE,
  /** HTTP 404: unknown id or path. */
  notFound: "404",
  /** HTTP 429: too many attempts. */
  tooManyRequests: "429",
  /** HTTP 500: never expected. */
  serverError: "500",
  /** HTTP 502: SMTP or the SMS gateway failed, or is not configured. */
  deliveryFailed: "502",
  /** HTTP 400: the captcha challenge expired or was already checked. */
  captchaExpired: "6110",
  /** HTTP 400: the slider was put in the wrong place. */
  captchaFailed: "6111",
  /** HTTP 400: WeChat login is not configured on this backend. */
  wechatNotConfigured: "W00001",
  /** HTTP 502: WeChat refused the authorisation code. */
  wechatRefused: "W00002",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const SERVER_ERROR_MESSAGE = "服务器错误，请联系管理员";

/** Every JSON answer: `{code, message, data}`, `data` shaped by `data` on success. */
export function envelopeSchema<T extends ZodTypeAny>(data: T) {
  return z.object({ code: z.string(), message: z.string(), data });
}

export type Envelope<T> = { code: string; message: string; data: T };

/** A success: code "200" and the endpoint's data. */
export function successEnvelopeSchema<T extends ZodTypeAny>(data: T) {
  return z.object({ code: z.literal(SUCCESS_CODE), message: z.string(), data });
}

/** A refusal: any code but "200", a message to show, no data. */
export const errorEnvelopeSchema = z.object({
  code: z.string().refine((code) => code !== SUCCESS_CODE, "失败的应答不能使用成功码"),
  message: z.string().min(1),
  data: z.null(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;

/** `current` (1-based, default 1) and `size` (1–100, default 20) of a paged list. */
export const pageQuerySchema = z.object({
  current: queryIntWithDefault(1, 1_000_000_000, 1),
  size: queryIntWithDefault(1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});

export type PageQuery = z.output<typeof pageQuerySchema>;

const count = z.number().int().nonnegative();

/** One page of a list: `pages` is `ceil(total / size)`. */
export function pageSchema<T extends ZodTypeAny>(item: T) {
  return z.object({
    records: z.array(item),
    total: count,
    current: z.number().int().positive(),
    size: z.number().int().positive(),
    pages: count,
  });
}

export type Page<T> = { records: T[]; total: number; current: number; size: number; pages: number };
