import {
  REAUTH_REQUIRED_CODE,
  REAUTH_REQUIRED_MESSAGE,
  WRITE_CONFLICT_CODE,
  WRITE_CONFLICT_MESSAGE,
} from "../../contract/account.js";
import { TOKEN_EXPIRED_CODE, TOKEN_EXPIRED_MESSAGE } from "../../contract/envelope.js";
import { ApiError, badRequest } from "../http/envelope.js";

/** 401 / S00106: missing, expired, revoked or forged token (docs/api.md). */
export function unauthorized(message = TOKEN_EXPIRED_MESSAGE): ApiError {
  return new ApiError(401, TOKEN_EXPIRED_CODE, message);
}

/** A business rule said no (wrong code, account exists…): HTTP 400, code "400", Chinese message. */
export function refused(message: string): ApiError {
  return badRequest(message);
}

/** A delivery or upstream service failed: HTTP 502, code "502". */
export function upstreamFailed(message: string): ApiError {
  return new ApiError(502, "502", message);
}

/** A sensitive change without a proof of identity: HTTP 403. */
export function reauthRequired(message = REAUTH_REQUIRED_MESSAGE): ApiError {
  return new ApiError(403, REAUTH_REQUIRED_CODE, message);
}

/** Another write to the same account won: HTTP 409. */
export function writeConflict(): ApiError {
  return new ApiError(409, WRITE_CONFLICT_CODE, WRITE_CONFLICT_MESSAGE);
}
