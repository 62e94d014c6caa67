import type { z, ZodTypeAny } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Whether the call needs the token headers (`Authorization: Bearer …` and `token`). */
export type EndpointAuth = "none" | "optional" | "required";

/** `json`: the answer is the envelope. `file`: bytes (a font, an image); failures are still envelopes. */
export type EndpointKind = "json" | "file";

/** `api`: the backend's base (API_BASE). `subset`: the font subset service (SUBSET_BASE). */
export type EndpointService = "api" | "subset";

/** `json`: a JSON body. `multipart`: multipart/form-data, whose text fields `body` describes. */
export type BodyEncoding = "json" | "multipart";

type EndpointCommon = {
  method: HttpMethod;
  /** Express-style: `:name` marks a path parameter, e.g. `/api/v1/web/search/:id/childs`. */
  path: string;
  service?: EndpointService;
  /** The path parameters, as text. */
  params?: ZodTypeAny;
  /** The query string, each value as text. */
  query?: ZodTypeAny;
  body?: ZodTypeAny;
  bodyEncoding?: BodyEncoding;
  auth: EndpointAuth;
  /**
   * The answer is the same for every caller and may be kept by any cache: the backend sends it with
   * `Cache-Control: public, max-age, stale-while-revalidate`. Only for GET calls without side effects
   * that take no token.
   */
  publicCache?: PublicCache;
};

/** How long a public answer is used as it is, then how much longer it may be served while it is fetched again. */
export type PublicCache = { maxAgeSeconds: number; staleWhileRevalidateSeconds: number };

/**
 * Catalogue and article reads: a change (a new font, a count, an article) shows within half a
 * minute, and a busy page never waits on a reload within the following five.
 */
export const PUBLIC_READ_CACHE: PublicCache = { maxAgeSeconds: 30, staleWhileRevalidateSeconds: 300 };

/** The Cache-Control header of a public answer. */
export function publicCacheControl({ maxAgeSeconds, staleWhileRevalidateSeconds }: PublicCache): string {
  return `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}`;
}

export type JsonEndpointDefinition = EndpointCommon & {
  kind?: "json";
  /** The envelope's `data` on success; `z.null()` when the call answers none. */
  data: ZodTypeAny;
};

export type FileEndpointDefinition = EndpointCommon & { kind: "file"; data?: undefined };

export type EndpointDefinition = JsonEndpointDefinition | FileEndpointDefinition;

export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = D & {
  kind: D extends FileEndpointDefinition ? "file" : "json";
  service: D["service"] extends EndpointService ? D["service"] : "api";
  bodyEncoding: D["bodyEncoding"] extends BodyEncoding ? D["bodyEncoding"] : "json";
};

/** Describes one call: its method and path, the schemas of what it takes and answers, and its auth. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): Endpoint<D> {
  return { kind: "json", service: "api", bodyEncoding: "json", ...definition } as Endpoint<D>;
}

/** `{ id: string | number }` for `/api/v1/web/search/:id/childs`; `{}` for a path without parameters. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The endpoint's path with its `:name` parameters filled in, URL-encoded. */
export function endpointPath<P extends string>(
  endpoint: { path: P },
  ...[params]: keyof PathParams<P> extends never ? [params?: PathParams<P>] : [params: PathParams<P>]
): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return endpoint.path.replace(PARAMETER, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === "") throw new Error(`${endpoint.path}: 缺少路径参数 ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** What a successful call answers in `data`. */
export type EndpointData<E> = E extends { data: infer D extends ZodTypeAny } ? z.output<D> : never;

/**
 * What a caller may put in the query: the schema's input, where a text may also be given as a
 * number (it travels as its digits).
 */
export type EndpointQuery<E> = E extends { query: infer Q extends ZodTypeAny } ? QueryInput<z.input<Q>> : never;

type QueryInput<T> = { [K in keyof T]: [Extract<T[K], string>] extends [never] ? T[K] : T[K] | number };

/** What a caller sends as the body. */
export type EndpointBody<E> = E extends { body: infer B extends ZodTypeAny } ? z.input<B> : never;

/** What the backend's handler gets once the body is parsed. */
export type ParsedBody<E> = E extends { body: infer B extends ZodTypeAny } ? z.output<B> : never;

/** What the backend's handler gets once the query is parsed. */
export type ParsedQuery<E> = E extends { query: infer Q extends ZodTypeAny } ? z.output<Q> : never;
