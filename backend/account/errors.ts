import { ApiError, badRequest } from "../http/envelope.js";

export const TOKEN_EXPIRED_CODE = "S00106";
export const TOKEN_EXPIRED_MESSAGE = "登录已过期，请重新登录";

/** 401 / S00106: missing, expired, revoked or forged token (docs/api.md). */
export function unauthorized(message = TOKEN_EXPIRED_MESSAGE): ApiError {
  return new ApiError(401, TOKEN_EXPIRED_CODE, message);
}

/** A business rule said no (wrong code, account exists…): HTTP 400, code "400", Chinese message. */
export function refused(message: string): ApiError {
  return badRequest(message);
}

/** Too many attempts: HTTP 429, code "429". */
export function tooMany(message: string): ApiError {
  return new ApiError(429, "429", message);
}

/** A delivery or upstream service failed: HTTP 502, code "502". */
export function upstreamFailed(message: string): ApiError {
  return new ApiError(502, "502", message);
}

/** The answer to a tripped honeypot: deliberately vague. */
export const HONEYPOT_MESSAGE = "请求失败，请稍后再试";
