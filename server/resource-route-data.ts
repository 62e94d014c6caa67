import type { ServerBuild } from "@remix-run/node";
import { isFetcherRoute } from "../app/utils/fetcher-route.js";

const NO_DATA_MESSAGE = "这个地址没有数据";

/**
 * The build that answers Remix's `.data` requests (single fetch). Remix answers such a request for
 * a resource route by reading the whole body of the Response it sends into a string and encoding it
 * again, so a font file or an album's zip asked for as `.data` costs seconds of CPU and several
 * times its size in heap: one request for an album's `.data` ended a server limited to 256 MB.
 * Here every resource route but those fetchers talk to (`FETCHER_ROUTE_HANDLE`) answers 404
 * before its loader or action runs. Remix itself still matches each address to its route, so no
 * second router can disagree with it.
 */
export function buildForDataRequests(build: ServerBuild): ServerBuild {
  const refuse = () => {
    throw new Response(JSON.stringify({ code: "404", message: NO_DATA_MESSAGE, data: null }), {
      status: 404,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  };
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { module } = route;
      const isResourceRoute = module.default == null && module.ErrorBoundary == null;
      if (!isResourceRoute || isFetcherRoute(module.handle)) return [id, route];
      return [
        id,
        { ...route, module: { ...module, loader: module.loader && refuse, action: module.action && refuse } },
      ];
    }),
  );
  return { ...build, routes };
}
