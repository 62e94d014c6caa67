import type { Request, RequestHandler, Response, Router } from "express";
import type { z, ZodTypeAny } from "zod";
import { publicCacheControl, type EndpointData, type EndpointDefinition } from "../../contract/endpoint.js";
import { badRequest, sendOk } from "./envelope.js";
import { methodNotAllowed } from "./method-not-allowed.js";
import { rejectMalformedQuery } from "./query.js";
import { bodyMessages, parameterMessages } from "./request-messages.js";

type RequestPart = "params" | "query" | "body";

/** What the endpoint's schema for `part` makes of the request; `undefined` when it has none. */
export type ParsedPart<E, P extends RequestPart> = E extends { [K in P]: infer S extends ZodTypeAny }
  ? z.output<S>
  : undefined;

/** The request, parsed with the endpoint's schemas. */
export type RouteInput<E> = {
  params: ParsedPart<E, "params">;
  query: ParsedPart<E, "query">;
  body: ParsedPart<E, "body">;
};

/** For what the parsed input does not hold: headers, the client's address, a file to send, cookies. */
export type RouteContext = { req: Request; res: Response };

/** A JSON endpoint's handler returns its `data`; a file endpoint's handler sends the file itself. */
export type RouteResult<E> = E extends { kind: "file" } ? void : EndpointData<E>;

export type RouteHandler<E> = (input: RouteInput<E>, context: RouteContext) => Promise<RouteResult<E>>;

export type RouteOptions<E> = {
  /** Run in this order before the request is parsed: a body parser, a login check, a size limit… */
  before?: RequestHandler[];
  /**
   * Whether a refused query or path parameter is answered as `参数 <name> <message>`, for schemas
   * whose messages name no parameter (those built from contract/query.ts). Default true; false
   * answers the schema's message as it is, for messages that are whole sentences. Body messages are
   * always answered as they are.
   */
  nameParameters?: boolean;
  /**
   * Schemas to use instead of the endpoint's, with the same output, e.g. a body schema built with
   * this server's clock. They should accept what the endpoint's schemas accept.
   */
  schemas?: { [P in RequestPart]?: z.ZodType<ParsedPart<E, P>, z.ZodTypeDef, unknown> };
};

/** The methods registered per path of each router, so one path can take several methods. */
const routesByRouter = new WeakMap<Router, Map<string, { methods: Set<string>; route: ReturnType<Router["route"]> }>>();

/**
 * Mounts `endpoint` of the contract on `router` at `endpoint.path` (`:name` marks a path
 * parameter, as in Express) for `endpoint.method`, and:
 *
 * - refuses a query string with a malformed escape or a NUL character (400 naming the parameter);
 * - parses `req.params`, `req.query` and `req.body` with the endpoint's `params`, `query` and `body`
 *   schemas; the first problem found is a 400 with the schema's message (see `nameParameters`);
 * - calls `handler` with what they parsed to, and answers the `data` it returns (typed by the
 *   endpoint's `data` schema) in the success envelope, public and cacheable when the endpoint says
 *   `publicCache`; a file endpoint's handler sends the answer;
 * - answers any other method on the path 405 with `Allow`, OPTIONS 204 with `Allow`.
 *
 * Errors thrown (an `ApiError` for a refusal) go to the router's error handler. A body is only
 * there to parse when a body parser ran first: put it in `options.before`.
 *
 *     route(router, getFontDetail, async ({ query }) => fonts.detail(query.fontGNo));
 *     route(router, login, async ({ body }, { req }) => logIn(body, clientKey(req)), {
 *       before: [express.json()],
 *     });
 */
export function route<E extends EndpointDefinition>(
  router: Router,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions<E> = {},
): void {
  const { before = [], nameParameters = true, schemas = {} } = options;
  const parse = (part: RequestPart, input: unknown): unknown => {
    const schema: ZodTypeAny | undefined = schemas[part] ?? endpoint[part];
    if (!schema) return undefined;
    return parseRequestPart(schema, input, nameParameters && part !== "body");
  };

  const serve: RequestHandler = (req, res, next) => {
    const run = async () => {
      const input = {
        params: parse("params", req.params),
        query: parse("query", req.query),
        body: parse("body", req.body),
      } as RouteInput<E>;
      const result = await handler(input, { req, res });
      if (endpoint.kind === "file") return;
      if (endpoint.publicCache) res.set("Cache-Control", publicCacheControl(endpoint.publicCache));
      sendOk(res, result);
    };
    run().catch(next);
  };

  pathRoute(router, endpoint.path, endpoint.method)[lowerCase(endpoint.method)](rejectMalformedQuery, ...before, serve);
}

/** The route of `path` on `router`, created with its 405 gate the first time, taking `method` from now on. */
function pathRoute(router: Router, path: string, method: string) {
  let routes = routesByRouter.get(router);
  if (!routes) routesByRouter.set(router, (routes = new Map()));
  let entry = routes.get(path);
  if (!entry) {
    const methods = new Set<string>();
    entry = { methods, route: router.route(path).all(methodNotAllowed(methods)) };
    routes.set(path, entry);
  }
  if (entry.methods.has(method)) throw new Error(`${method} ${path} 已注册过`);
  entry.methods.add(method);
  return entry.route;
}

function lowerCase(method: EndpointDefinition["method"]) {
  return method.toLowerCase() as "get" | "post" | "put" | "delete";
}

/** `schema`'s output for `input`; the first problem becomes a 400, `参数 <name> ` in front when `named`. */
export function parseRequestPart<S extends ZodTypeAny>(schema: S, input: unknown, named: boolean): z.output<S> {
  const result = schema.safeParse(input, { errorMap: named ? parameterMessages : bodyMessages });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? "不合法";
  throw badRequest(named ? `参数 ${issue?.path.join(".") || "请求"} ${message}` : message);
}
