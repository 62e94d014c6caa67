/**
 * Where the fuzz test sends its requests, derived rather than listed: every endpoint of the
 * contract and every route of the built website, path parameters filled with ordinary and
 * hostile values, pages also as `?_data=` and single-fetch `.data` requests.
 */
import type { ServerBuild } from "@remix-run/node";
import { endpoints, type EndpointDefinition } from "../../contract/index.js";
import { HOSTILE_SEGMENTS, keysOf, PLAIN_SEGMENT } from "./hostile-input.js";

export type Target = {
  /** Path and query, parameters filled in. */
  path: string;
  /** The endpoint or route it comes from. */
  source: string;
  kind: "api" | "page" | "resource";
  /** The method the endpoint serves; pages serve GET and POST. */
  method: string;
  /** An action, or an endpoint that is not GET. */
  takesBody: boolean;
  /** Names the query schema knows, to give each a hostile value. */
  queryKeys: string[];
  endpoint?: EndpointDefinition;
  /**
   * `plain`: the target as a client would call it (no parameter, or `1`). `hostile-path`: a hostile
   * path parameter. `hostile-query`: a hostile route id in `?_data=` or `?_routes=`.
   */
  variant: "plain" | "data-request" | "hostile-path" | "hostile-query";
};

const PARAMETER = /:[A-Za-z_][A-Za-z0-9_]*|\*/g;

export function apiTargets(): Target[] {
  const targets: Target[] = [];
  for (const [name, endpoint] of Object.entries(endpoints) as Array<[string, EndpointDefinition]>) {
    const hasParameters = endpoint.path.match(PARAMETER) !== null;
    for (const fill of hasParameters ? [PLAIN_SEGMENT, ...HOSTILE_SEGMENTS] : [PLAIN_SEGMENT]) {
      targets.push({
        path: endpoint.path.replace(PARAMETER, fill),
        source: `${endpoint.method} ${endpoint.path} (${name})`,
        kind: "api",
        method: endpoint.method,
        takesBody: endpoint.method !== "GET",
        queryKeys: keysOf(endpoint.query),
        endpoint,
        variant: fill === PLAIN_SEGMENT ? "plain" : "hostile-path",
      });
    }
  }
  return targets;
}

/** Every route of the built website with its full path, as the route convention produced it. */
export function websiteRoutes(build: ServerBuild) {
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.entries(build.routes).map(([id, route]) => ({
    id,
    path: `/${fullPath(id)}`,
    hasAction: Boolean(route.module.action),
    hasLoader: Boolean(route.module.loader),
    isResource: !route.module.default,
  }));
}

export function pageTargets(build: ServerBuild): Target[] {
  const targets: Target[] = [];
  const seen = new Set<string>();
  const add = (target: Target) => {
    if (seen.has(target.path)) return;
    seen.add(target.path);
    targets.push(target);
  };
  for (const route of websiteRoutes(build)) {
    if (!route.hasLoader && !route.hasAction) continue;
    const common = {
      source: `route ${route.id}`,
      kind: route.isResource ? ("resource" as const) : ("page" as const),
      method: route.hasAction ? "POST" : "GET",
      takesBody: route.hasAction,
      queryKeys: [],
    };
    const fills = route.path.match(PARAMETER) ? [PLAIN_SEGMENT, ...HOSTILE_SEGMENTS] : [PLAIN_SEGMENT];
    for (const fill of fills) {
      const path = route.path.replace(PARAMETER, fill);
      // `/_root.data` is how single fetch asks for the index route's data.
      const dataPath = path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`;
      const variant = fill === PLAIN_SEGMENT ? "plain" : "hostile-path";
      add({ ...common, path, variant });
      add({ ...common, path: dataPath, variant: variant === "plain" ? "data-request" : variant });
      if (variant !== "plain") continue;
      add({ ...common, path: `${path}?_data=${encodeURIComponent(route.id)}`, variant: "data-request" });
      add({ ...common, path: `${path}?_data=%00`, variant: "hostile-query" });
      add({ ...common, path: `${path}?_data=root%E0`, variant: "hostile-query" });
      add({ ...common, path: `${dataPath}?_routes=%00,%E0,${"x".repeat(2_000)}`, variant: "hostile-query" });
    }
  }
  for (const path of ["/no/such/page", "/font/1/extra/../../x", "/%E0%A4%A", "/..%2F..%2F", "/build/%00"]) {
    add({
      path,
      source: "no route",
      kind: "page",
      method: "GET",
      takesBody: false,
      queryKeys: [],
      variant: "hostile-path",
    });
  }
  return targets;
}
