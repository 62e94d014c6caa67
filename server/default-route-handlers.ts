import type { ServerBuild } from "@remix-run/node";
import { methodNotAllowedMessage } from "./http-methods.js";
import { logRefusal } from "./refusal.js";

/**
 * The build with a loader and an action for every route: a page without a loader has no data
 * (null); a write to a route without an action, or a read of a resource route without a loader,
 * answers 405 with a Chinese envelope and `Allow`. Without them Remix answers such a request with
 * its own error, whose text ("You made a POST request to … but did not provide an `action`")
 * reaches the page and the data answer, and whose stack trace reaches the log. Remix still picks the
 * route a request is for, and the browser's manifest still says which routes have data, so pages
 * load as before.
 */
export function withDefaultRouteHandlers(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { module } = route;
      const isResourceRoute = module.default == null && module.ErrorBoundary == null;
      const allow = [...(module.loader || !isResourceRoute ? ["GET", "HEAD"] : []), ...(module.action ? ["POST"] : [])];
      const refuse = refuseMethod([...allow, "OPTIONS"].join(", "));
      const loader = module.loader ?? (isResourceRoute ? refuse : noData);
      return [id, { ...route, module: { ...module, loader, action: module.action ?? refuse } }];
    }),
  );
  return { ...build, routes };
}

/** A Response rather than a bare null: Remix's `?_data=` path reads what a loader gives as one. */
function noData(): Response {
  return Response.json(null);
}

function refuseMethod(allow: string) {
  return ({ request }: { request: Request }): never => {
    const message = methodNotAllowedMessage(request.method);
    logRefusal(405, request.method, new URL(request.url).pathname, message);
    throw new Response(JSON.stringify({ code: "405", message, data: null }), {
      status: 405,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", Allow: allow },
    });
  };
}
