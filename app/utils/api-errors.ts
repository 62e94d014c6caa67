/**
 * The error catalogue, shared by the API client and browser code.
 */

/** Message shown for an HTTP status when the server gave none (SPEC 8's catalogue). */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: "请求错误",
  401: "用户没有权限（令牌、用户名、密码错误）",
  403: "用户得到授权，但是访问是被禁止的",
  404: "网络请求错误，未找到该资源",
  405: "网络请求错误，请求方法未允许",
  408: "网络请求超时",
  500: "服务器错误，请联系管理员",
  501: "网络未实现",
  502: "网络错误",
  503: "服务不可用，服务器暂时过载或维护",
  504: "网络超时",
  505: "http版本不支持该请求",
};

export { SUCCESS_CODE, TOKEN_EXPIRED_CODE } from "@contract/codes";

/** Fallback for a status the catalogue does not list. */
export function unknownStatusMessage(status: number): string {
  return `连接出错(${status})!`;
}

/**
 * The user-facing message for a failed HTTP status: the server's own message whatever the status
 * (a 502 may say 短信服务未配置…, a 429 when to try again), else the catalogue's text for it.
 */
export function messageForHttpStatus(status: number, serverMessage?: string | null): string {
  return serverMessage?.trim() || HTTP_STATUS_MESSAGES[status] || unknownStatusMessage(status);
}

/**
 * An API failure: `status` is the HTTP status (200 when the envelope carried a non-200 code),
 * `code` the envelope code (or the status as a string), `message` what to show the user.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's own message when there was one (the 404 page may prefer it). */
  readonly serverMessage: string | null;
  /** No answer arrived: the connection failed or the call timed out. */
  readonly unreachable: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    serverMessage?: string | null;
    unreachable?: boolean;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage ?? null;
    this.unreachable = init.unreachable ?? false;
  }

  /** True when the HTTP exchange succeeded but the envelope code was not "200" (shown as a success-styled toast). */
  get isBusinessError(): boolean {
    return this.status >= 200 && this.status < 300;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type ToastType = "success" | "error" | "info";

/** A non-200 response code shows its message as a success-styled toast; HTTP failures as errors. */
export function toastTypeForError(error: unknown): ToastType {
  return isApiError(error) && error.isBusinessError ? "success" : "error";
}

/** A printable message for any thrown value. */
export function errorMessage(error: unknown, fallback = HTTP_STATUS_MESSAGES[500]): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return fallback;
}
