import { data as dataResponse } from "@remix-run/node";
import { getEnv } from "./env.server";
import { getToken, redirectHomeClearingToken } from "./auth.server";
import {
  ApiError,
  HTTP_STATUS_MESSAGES,
  SUCCESS_CODE,
  TOKEN_EXPIRED_CODE,
  isApiError,
  messageForHttpStatus,
} from "./api-errors";

export { ApiError, isApiError } from "./api-errors";

/** SPEC 9: request timeout 60000 ms. */
export const API_TIMEOUT_MS = 60_000;

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]> | URLSearchParams;

export type ApiOptions = {
  /** Override the base URL (default: settings `apiBase`). */
  base?: string;
  /** Override the timeout (default 60 s). */
  timeoutMs?: number;
  /** Extra headers. */
  headers?: HeadersInit;
};

type Envelope<T> = { code?: unknown; message?: unknown; data?: T };

/** Builds `base + path + ?query`, dropping empty query values. */
export function buildApiUrl(base: string, path: string, query?: Query): string {
  const url = new URL(path.replace(/^\/?/, "/"), `${base.replace(/\/+$/, "")}/`);
  // new URL("/x", "http://h/base/") drops "/base": keep a base path when there is one.
  const baseUrl = new URL(`${base.replace(/\/+$/, "")}/`);
  if (baseUrl.pathname !== "/") url.pathname = `${baseUrl.pathname.replace(/\/$/, "")}${url.pathname}`;
  if (query) {
    const entries: Array<[string, QueryValue | QueryValue[]]> =
      query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query);
    for (const [key, value] of entries) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item === undefined || item === null || item === "") continue;
        url.searchParams.append(key, String(item));
      }
    }
  }
  return url.toString();
}

/** Headers every API call sends: XHR marker, and both token headers when logged in. */
export function apiHeaders(request: Request | null, extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  headers.set("X-Requested-With", "XMLHttpRequest");
  headers.set("Accept", "application/json, text/plain, */*");
  // The visitor's address (server.ts puts it there), so the backend's per-IP limits count visitors, not this server.
  const visitorAddress = request?.headers.get("X-Forwarded-For");
  if (visitorAddress) headers.set("X-Forwarded-For", visitorAddress);
  const token = request ? getToken(request) : null;
  if (token) {
    headers.set("Authorization", `Bearer ${token}`);
    headers.set("token", token);
  }
  return headers;
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === "TimeoutError" || (error.name === "AbortError" && /timeout/i.test(String(error.message))))
  );
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | null> {
  const text = await response.text().catch(() => "");
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Envelope<T>) : null;
  } catch {
    return null;
  }
}

async function send<T>(
  request: Request | null,
  method: string,
  path: string,
  init: { query?: Query; body?: BodyInit; json?: boolean; options?: ApiOptions },
): Promise<T> {
  const options = init.options ?? {};
  const base = options.base ?? getEnv().apiBase;
  const url = buildApiUrl(base, path, init.query);
  const headers = apiHeaders(request, options.headers);
  if (init.json) headers.set("Content-Type", "application/json;charset=UTF-8");

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: init.body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS),
    });
  } catch (error) {
    if (isTimeout(error)) {
      throw new ApiError({ status: 504, code: "504", message: HTTP_STATUS_MESSAGES[504] });
    }
    throw new ApiError({ status: 502, code: "502", message: HTTP_STATUS_MESSAGES[502] });
  }

  let envelope: Envelope<T> | null;
  try {
    envelope = await readEnvelope<T>(response);
  } catch (error) {
    if (isTimeout(error)) throw new ApiError({ status: 504, code: "504", message: HTTP_STATUS_MESSAGES[504] });
    throw new ApiError({ status: 502, code: "502", message: HTTP_STATUS_MESSAGES[502] });
  }
  const code = envelope && envelope.code !== undefined && envelope.code !== null ? String(envelope.code) : null;
  const serverMessage = typeof envelope?.message === "string" ? envelope.message : null;

  // SPEC 8: a 401 or the S00106 code clears the token and sends the visitor home.
  if (response.status === 401 || code === TOKEN_EXPIRED_CODE) {
    throw redirectHomeClearingToken(
      response.status === 401 ? messageForHttpStatus(401, serverMessage) : serverMessage || undefined,
    );
  }

  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: code ?? String(response.status),
      message: messageForHttpStatus(response.status, serverMessage),
      serverMessage,
    });
  }

  // SPEC 4: only the string "200" counts as success.
  if (envelope?.code !== SUCCESS_CODE) {
    throw new ApiError({
      status: response.status,
      code: code ?? "",
      message: serverMessage || HTTP_STATUS_MESSAGES[500],
      serverMessage,
    });
  }
  return envelope?.data as T;
}

/** GET `path` with `query`; returns the envelope's `data` or throws ApiError / a redirect Response. */
export function apiGet<T>(request: Request | null, path: string, query?: Query, options?: ApiOptions): Promise<T> {
  return send<T>(request, "GET", path, { query, options });
}

/** POST a JSON body. */
export function apiPost<T>(request: Request | null, path: string, body?: unknown, options?: ApiOptions & { query?: Query }): Promise<T> {
  return send<T>(request, "POST", path, {
    query: options?.query,
    body: JSON.stringify(body ?? {}),
    json: true,
    options,
  });
}

/** PUT a JSON body. */
export function apiPut<T>(request: Request | null, path: string, body?: unknown, options?: ApiOptions & { query?: Query }): Promise<T> {
  return send<T>(request, "PUT", path, {
    query: options?.query,
    body: JSON.stringify(body ?? {}),
    json: true,
    options,
  });
}

/** DELETE with a query (the backend's delete endpoints take `?id=`). */
export function apiDelete<T>(request: Request | null, path: string, query?: Query, options?: ApiOptions): Promise<T> {
  return send<T>(request, "DELETE", path, { query, options });
}

export type FormFields = Record<string, string | number | boolean | Blob | File | null | undefined | Array<string | number | Blob>>;

/**
 * POST multipart form data (SPEC 7 upload helpers): `File`/`Blob` values are sent as files,
 * arrays as repeated `name[]` fields. Accepts a ready FormData too.
 */
export function apiPostForm<T>(request: Request | null, path: string, fields: FormData | FormFields, options?: ApiOptions): Promise<T> {
  let form: FormData;
  if (fields instanceof FormData) {
    form = fields;
  } else {
    form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) {
        for (const item of value) form.append(`${key}[]`, item instanceof Blob ? item : String(item));
      } else {
        form.append(key, value instanceof Blob ? value : String(value));
      }
    }
  }
  // No Content-Type: fetch sets multipart/form-data with its boundary.
  return send<T>(request, "POST", path, { body: form, options });
}

/**
 * For loaders: awaits `promise` and turns an ApiError 404 into a 404 Response
 * (so the route's ErrorBoundary shows 'This page could not be found').
 */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.code === "404")) {
      throw notFound(error.serverMessage ?? undefined);
    }
    throw error;
  }
}

/** A 404 Response to throw from a loader. */
export function notFound(message = "This page could not be found"): Response {
  return new Response(message, { status: 404, statusText: "Not Found", headers: { "Content-Type": "text/plain;charset=utf-8" } });
}

/**
 * Turns any ApiError into a thrown error Response carrying its status and message,
 * for loaders whose page cannot render without the data.
 */
export function throwApiErrorResponse(error: unknown): never {
  if (isApiError(error)) {
    if (error.status === 404 || error.code === "404") throw notFound(error.serverMessage ?? undefined);
    const status = error.status >= 400 ? error.status : 500;
    throw dataResponse({ message: error.message, code: error.code }, { status });
  }
  throw error;
}
