import {
  endSession as endSessionEndpoint,
  listSessions,
  reauthenticate as reauthenticateEndpoint,
  bindAccount as bindAccountEndpoint,
  changePassword as changePasswordEndpoint,
  getUserInfo as getUserInfoEndpoint,
  getOutbox,
  login,
  logout,
  registerByEmail,
  registerByPhone,
  resetPassword as resetPasswordEndpoint,
  sendCode,
  smsLogin,
  unbindAccount as unbindAccountEndpoint,
  updateAccountInfo,
  verifyResetCode as verifyResetCodeEndpoint,
  RESET_TICKET_INVALID_MESSAGE,
} from "@contract/account";
import type { EndpointBody } from "@contract/endpoint";
import { ERROR_CODES } from "@contract/envelope";
import { callApi, isApiError, type ApiCaller, type CallOptions } from "./api-client.server";

/** The signed-in user. */
export function getUserInfo(
  caller: ApiCaller,
  options: Pick<CallOptions<typeof getUserInfoEndpoint>, "timeoutMs"> = {},
) {
  return callApi(caller, getUserInfoEndpoint, options);
}

export function loginWithPassword(caller: ApiCaller, body: EndpointBody<typeof login>) {
  return callApi(caller, login, { body });
}

export function loginWithCode(caller: ApiCaller, body: EndpointBody<typeof smsLogin>) {
  return callApi(caller, smsLogin, { body });
}

export function registerWithPhone(caller: ApiCaller, body: EndpointBody<typeof registerByPhone>) {
  return callApi(caller, registerByPhone, { body });
}

export function registerWithEmail(caller: ApiCaller, body: EndpointBody<typeof registerByEmail>) {
  return callApi(caller, registerByEmail, { body });
}

/** Ends the session of the visitor's token. */
export function endSession(caller: ApiCaller) {
  return callApi(caller, logout);
}

/** Sends a verification code; `bind` and `change` need the visitor's login. */
export function sendVerificationCode(caller: ApiCaller, body: EndpointBody<typeof sendCode>) {
  return callApi(caller, sendCode, { body });
}

/** The local outbox's codes, newest first; a 404 unless the visitor is on the server's own machine. */
export function readOutbox(caller: ApiCaller) {
  return callApi(caller, getOutbox);
}

/** Checks a password-reset code and answers the ticket that sets the new password. */
export function verifyResetCode(caller: ApiCaller, body: EndpointBody<typeof verifyResetCodeEndpoint>) {
  return callApi(caller, verifyResetCodeEndpoint, { body });
}

export function resetPassword(caller: ApiCaller, body: EndpointBody<typeof resetPasswordEndpoint>) {
  return callApi(caller, resetPasswordEndpoint, { body });
}

/**
 * The ticket was spent, expired or never issued: the visitor starts again with a new code.
 * The backend answers it with the general code 400, so it is known by the contract's message
 * until it has a code of its own.
 */
export function isResetTicketInvalid(error: unknown): boolean {
  return (
    isApiError(error) && error.code === ERROR_CODES.badRequest && error.serverMessage === RESET_TICKET_INVALID_MESSAGE
  );
}

export function bindAccount(caller: ApiCaller, body: EndpointBody<typeof bindAccountEndpoint>) {
  return callApi(caller, bindAccountEndpoint, { body });
}

export function unbindAccount(caller: ApiCaller, body: EndpointBody<typeof unbindAccountEndpoint>) {
  return callApi(caller, unbindAccountEndpoint, { body });
}

export function changePassword(caller: ApiCaller, body: EndpointBody<typeof changePasswordEndpoint>) {
  return callApi(caller, changePasswordEndpoint, { body });
}

/** Nickname, gender, birthday, city and bio: only the fields given change. */
export function updateProfile(caller: ApiCaller, body: EndpointBody<typeof updateAccountInfo>) {
  return callApi(caller, updateAccountInfo, { body });
}

/** A new avatar; the backend checks the content and crops to `crop` (x,y,w,h) or a centred square. */
export function updateAvatar(caller: ApiCaller, avatar: File, crop?: string) {
  return callApi(caller, updateAccountInfo, { body: crop ? { crop } : {}, files: { avatar } });
}

/** The user's signed-in devices, the most recently seen first. */
export function listUserSessions(caller: ApiCaller) {
  return callApi(caller, listSessions);
}

/** Signs one of the user's devices out (the current one too). */
export function endUserSession(caller: ApiCaller, id: number) {
  return callApi(caller, endSessionEndpoint, { query: { id: String(id) } });
}

/** Proves who the user is (current password or a `reauth` code) for the next sensitive changes. */
export function reauthenticate(caller: ApiCaller, body: EndpointBody<typeof reauthenticateEndpoint>) {
  return callApi(caller, reauthenticateEndpoint, { body });
}
