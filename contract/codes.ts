/** The envelope's codes and messages, without zod: the browser reads them too. */

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
