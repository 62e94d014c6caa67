import type { RequestHandler } from "express";
import { ApiError } from "./envelope.js";

/**
 * The first handler of a route: a method the route does not take answers 405 with `Allow` and the
 * envelope, instead of falling through to a 404; OPTIONS answers 204 with `Allow`; a method it takes
 * goes on to its handler. HEAD is allowed wherever GET is, as Express answers it with the GET handler.
 *
 * `methods` is read on every request, so a Set may gain methods after the route is built.
 *
 *     router.route("/web/api/thing").all(methodNotAllowed(["GET"])).get(handler);
 */
export function methodNotAllowed(methods: Iterable<string>): RequestHandler {
  return (req, res, next) => {
    const allowed = allowedMethods(methods);
    if (req.method === "OPTIONS") {
      res.set("Allow", allowed.join(", ")).status(204).end();
      return;
    }
    if (allowed.includes(req.method)) {
      next();
      return;
    }
    const message = `该接口不支持 ${req.method} 请求（可用：${allowed.join("、")}）`;
    next(new ApiError(405, "405", message, { Allow: allowed.join(", ") }));
  };
}

function allowedMethods(methods: Iterable<string>): string[] {
  const taken = [...methods];
  return [...new Set([...taken, ...(taken.includes("GET") ? ["HEAD"] : []), "OPTIONS"])];
}
