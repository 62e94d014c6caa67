import type { RequestHandler } from "express";
import { ApiError } from "./envelope.js";

/**
 * The last handler of a route: a method the route does not take answers 405 with `Allow` and the
 * envelope, instead of falling through to a 404; OPTIONS answers 204 with `Allow`. HEAD is allowed
 * wherever GET is, as Express answers it with the GET handler.
 *
 *     router.route("/web/api/thing").get(handler).all(methodNotAllowed(["GET"]));
 */
export function methodNotAllowed(methods: readonly string[]): RequestHandler {
  const allowed = [...new Set([...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"])];
  const allow = allowed.join(", ");
  const message = (method: string) => `该接口不支持 ${method} 请求（可用：${allowed.join("、")}）`;
  return (req, res, next) => {
    if (req.method === "OPTIONS") {
      res.set("Allow", allow).status(204).end();
      return;
    }
    next(new ApiError(405, "405", message(req.method), { Allow: allow }));
  };
}
