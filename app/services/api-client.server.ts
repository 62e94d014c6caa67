import {
  endpointPath,
  type BodyEncoding,
  type EndpointBody,
  type EndpointData,
  type EndpointQuery,
  type EndpointService,
  type JsonEndpointDefinition,
  type PathParams,
} from "@contract/endpoint";
import { SUCCESS_CODE, TOKEN_EXPIRED_CODE, envelopeSchema } from "@contract/envelope";
import { z } from "zod";
import { websiteConfig } from "~/config.server";
import type { AppLoadContext } from "~/load-context";
import { ApiError, HTTP_STATUS_MESSAGES, messageForHttpStatus } from "~/utils/api-errors";
import { getToken, redirectHomeClearingToken } from "~/utils/auth.server";
import { BoundedCache, type CacheLifetime } from "~/utils/bounded-cache.server";

/**
 * The one piece of the website that talks to the backend: it knows the base addresses, the token
 * and XHR headers, the timeout and the `{code, message, data}` envelope, and checks every answer
 * against the contract. The services in this folder call it with the contract's endpoints.
 */

export { ApiError, isApiError } from "~/utils/api-errors";

/** 60 s: the longest a call may hang before the visitor is told the network timed out. */
export const API_TIMEOUT_MS = 60_000;

export const CONTRACT_BREACH_MESSAGE = "后端返回的数据格式不正确，请稍后重试";

/** Who is calling: the visitor's request (token, address) and the server's load context (where the backend is). */
export type ApiCaller = { request: Request; context: AppLoadContext };

/** A contract endpoint answering the JSON envelope. */
export type JsonEndpoint = JsonEndpointDefinition & {
  kind: "json";
  service: EndpointService;
  bodyEncoding: BodyEncoding;
};

export type CallOptions<E extends JsonEndpoint> = {
  params?: PathParams<E["path"]>;
  query?: EndpointQuery<E>;
  /** JSON, or the text fields of a multipart body (then `files` are added as file parts). */
  body?: EndpointBody<E>;
  files?: Record<string, Blob>;
  timeoutMs?: number;
  /** Leave the visitor's token out even where the endpoint takes one (e.g. a WeChat *login* state). */
  anonymous?: boolean;
};

type QueryInput = Record<string, unknown>;

/** `base + path + ?query`, keeping a base path and dropping empty query values. */
export function buildApiUrl(base: string, path: string, query?: QueryInput): string {
  const url = new URL(`${base.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === "") continue;
      url.searchParams.append(key, String(item));
    }
  }
  return url.toString();
}

/** The address configured for the endpoint's service (SUBSET_BASE or API_BASE); "" when it is embedded. */
function configuredBase(endpoint: { service: EndpointService }): string {
  return endpoint.service === "subset" ? websiteConfig.subsetBase : websiteConfig.apiBase;
}

/**
 * Where the endpoint's service is: the configured address, or this server's own. A website served
 * without server.ts (remix-serve) has no embedded backend, so there the address must be configured.
 */
export function serviceBase(endpoint: { service: EndpointService }, context: AppLoadContext | undefined): string {
  const base = configuredBase(endpoint) || context?.internalOrigin;
  if (!base) {
    const variable = endpoint.service === "subset" ? "SUBSET_BASE" : "API_BASE";
    throw new Error(`没有内嵌后端（网站未经 server.ts 启动）时必须设置 ${variable}`);
  }
  return base;
}

/**
 * The embedded backend's in-process transport when this server embeds the endpoint's service (no
 * API_BASE / SUBSET_BASE for it); otherwise none, and the call goes over HTTP.
 */
function inProcessBackend(
  endpoint: { service: EndpointService },
  context: AppLoadContext | undefined,
): AppLoadContext["backendFetch"] {
  return configuredBase(endpoint) ? undefined : context?.backendFetch;
}

/** Headers every call sends: the XHR marker, the visitor's address, and both token headers when there is one. */
export function apiHeaders(request: Request, options: { withToken: boolean }): Headers {
  const headers = new Headers();
  headers.set("X-Requested-With", "XMLHttpRequest");
  headers.set("Accept", "application/json, text/plain, */*");
  // server.ts puts the visitor's address here, so the backend's per-IP limits count visitors, not this server.
  const visitorAddress = request.headers.get("X-Forwarded-For");
  if (visitorAddress) headers.set("X-Forwarded-For", visitorAddress);
  const token = options.withToken ? getToken(request) : null;
  if (token) {
    headers.set("Authorization", `Bearer ${token}`);
    headers.set("token", token);
  }
  return headers;
}

/** Any envelope; its `data` is checked against the endpoint once the code says success. */
const anyEnvelopeSchema = envelopeSchema(z.unknown());

/** A public answer's checked `data` and how long the backend let it be kept. */
type PublicAnswer = { data: unknown; lifetime: CacheLifetime };

/**
 * Public answers (endpoints the contract marks `publicCache`) as the backend's Cache-Control allows,
 * by URL, shared by every visitor; the data is frozen, since every caller gets the same object.
 */
const publicAnswers = new BoundedCache<PublicAnswer>({ maxEntries: 1_000, lifetime: (answer) => answer.lifetime });

/** Forgets every kept public answer (tests that change the catalogue under a running site). */
export function forgetPublicAnswers() {
  publicAnswers.clear();
}

/**
 * Calls `endpoint` and answers its `data`, checked against the contract. Throws an `ApiError` for a
 * refusal (HTTP error or a code other than "200"), the redirect home that clears the token for a
 * 401 or S00106, and a 502 Response when the answer breaks the contract. A public read is answered
 * from memory while the backend's `Cache-Control: public, max-age` (and `stale-while-revalidate`)
 * allows; refusals are never kept.
 */
export async function callApi<E extends JsonEndpoint>(
  caller: ApiCaller,
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<EndpointData<E>> {
  const path = (endpointPath as (endpoint: { path: string }, params?: object) => string)(endpoint, options.params);
  const url = buildApiUrl(serviceBase(endpoint, caller.context), path, options.query as QueryInput | undefined);
  if (endpoint.publicCache && endpoint.method === "GET" && endpoint.auth === "none") {
    const answer = await publicAnswers.get(url, async () => {
      const { data, cacheControl } = await send(caller, endpoint, options, url);
      return { data: deepFreeze(data), lifetime: publicLifetime(cacheControl) };
    });
    return answer.data as EndpointData<E>;
  }
  return (await send(caller, endpoint, options, url)).data;
}

async function send<E extends JsonEndpoint>(
  caller: ApiCaller,
  endpoint: E,
  options: CallOptions<E>,
  url: string,
): Promise<{ data: EndpointData<E>; cacheControl: string | null }> {
  const call = `${endpoint.method} ${endpoint.path}`;
  const headers = apiHeaders(caller.request, { withToken: endpoint.auth !== "none" && !options.anonymous });
  const body = requestBody(endpoint, options, headers);
  const transport = inProcessBackend(endpoint, caller.context) ?? fetch;
  // The timer holds the deadline itself: AbortSignal.timeout's timer holds its signal only weakly,
  // and fetch's copies of a signal are followed weakly too, so after a garbage collection such a
  // timeout may never fire and the call would hang.
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException("The operation timed out.", "TimeoutError")),
    options.timeoutMs ?? API_TIMEOUT_MS,
  );

  let response: Response;
  let text: string;
  try {
    response = await transport(url, {
      method: endpoint.method,
      headers,
      body,
      redirect: "manual",
      signal: deadline.signal,
    });
    text = await response.text();
  } catch (error) {
    const status = isTimeout(error) ? 504 : 502;
    throw new ApiError({ status, code: String(status), message: HTTP_STATUS_MESSAGES[status]!, unreachable: true });
  } finally {
    clearTimeout(timer);
  }

  const json = parseJson(text);
  const refusal = json && typeof json === "object" ? (json as { code?: unknown; message?: unknown }) : null;
  const code = refusal?.code === undefined || refusal.code === null ? null : String(refusal.code);
  const serverMessage = typeof refusal?.message === "string" ? refusal.message : null;

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

  const envelope = anyEnvelopeSchema.safeParse(json);
  if (!envelope.success) throw contractBreach(call, envelope.error, "");
  if (envelope.data.code !== SUCCESS_CODE) {
    throw new ApiError({
      status: response.status,
      code: envelope.data.code,
      message: envelope.data.message || HTTP_STATUS_MESSAGES[500]!,
      serverMessage: envelope.data.message,
    });
  }
  const data = endpoint.data.safeParse(envelope.data.data);
  if (!data.success) throw contractBreach(call, data.error, "data");
  return { data: data.data as EndpointData<E>, cacheControl: response.headers.get("Cache-Control") };
}

/** How long a shared cache may keep an answer with this Cache-Control: nothing unless it is `public` with a `max-age`. */
export function publicLifetime(cacheControl: string | null): CacheLifetime {
  const directives = new Map(
    (cacheControl ?? "").split(",").map((part) => {
      const [name = "", value = ""] = part.trim().toLowerCase().split("=");
      return [name, value] as const;
    }),
  );
  const seconds = (name: string) => {
    const value = Number(directives.get(name));
    return directives.get(name) && Number.isFinite(value) && value > 0 ? value * 1000 : 0;
  };
  if (
    !directives.has("public") ||
    directives.has("no-store") ||
    directives.has("no-cache") ||
    directives.has("private")
  ) {
    return { freshMs: 0, staleMs: 0 };
  }
  const freshMs = seconds("s-maxage") || seconds("max-age");
  return { freshMs, staleMs: freshMs > 0 ? seconds("stale-while-revalidate") : 0 };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function requestBody(
  endpoint: JsonEndpoint,
  options: CallOptions<JsonEndpoint>,
  headers: Headers,
): BodyInit | undefined {
  if (endpoint.method === "GET") return undefined;
  if (endpoint.bodyEncoding === "multipart") {
    const form = new FormData();
    for (const [name, value] of Object.entries((options.body ?? {}) as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      form.append(name, String(value));
    }
    for (const [name, file] of Object.entries(options.files ?? {})) form.append(name, file);
    // No Content-Type: fetch writes multipart/form-data with its boundary.
    return form;
  }
  headers.set("Content-Type", "application/json;charset=UTF-8");
  return JSON.stringify(options.body ?? {});
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === "TimeoutError" || (error.name === "AbortError" && /timeout/i.test(error.message)))
  );
}

/**
 * An answer the contract does not allow: one log line naming the call and the first field at fault
 * (never the value: it may be personal), and a 502 the error page shows.
 */
function contractBreach(call: string, error: z.ZodError, root: string): Response {
  const issue = error.issues[0];
  const field = [root, ...(issue?.path ?? [])].filter((part) => part !== "").join(".") || "(应答)";
  console.error(`[api] ${call} 的应答不符合约定：${field} ${issue?.message ?? ""}`.trim());
  return Response.json({ message: CONTRACT_BREACH_MESSAGE }, { status: 502, headers: { "Cache-Control": "no-store" } });
}
