/**
 * Which requests the fuzz test sends: a sample of targets × methods × inputs, a few thousand in
 * all, that still tries every method, body, query and header on each kind of target.
 */
import {
  BODY_SHAPES,
  bodyShape,
  HEADER_SHAPES,
  hostileQueries,
  METHODS,
  rawRequests,
  wrongTypesFor,
  type BodyShape,
} from "./hostile-input.js";
import { RAW, type Probe } from "./http-client.js";
import type { Target } from "./targets.js";

function probeOf(
  method: string,
  path: string,
  shape: BodyShape,
  headers: Record<string, string> = {},
  label = shape.name,
): Probe {
  const all: Record<string, string> = { ...shape.headers, ...headers };
  if (shape.contentType) all["Content-Type"] = shape.contentType;
  const body =
    shape.body === undefined ? undefined : Buffer.isBuffer(shape.body) ? shape.body : Buffer.from(shape.body);
  return { method, path, shape: label, headers: all, body };
}

/** One body per method: a form for POST (what an action reads), JSON with wrong types for the others. */
function bodyForMethod(method: string): BodyShape {
  if (["GET", "HEAD", "OPTIONS", "TRACE"].includes(method)) return bodyShape("no body");
  return bodyShape(method === "POST" ? "repeated form keys" : "wrong types");
}

function withQuery(path: string, query: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}${query}`;
}

/** The first target of each kind (page with an action, page, resource route, data request, each API method and body encoding). */
function oneOfEachKind(targets: Target[]): Target[] {
  const kinds = new Map<string, Target>();
  for (const target of targets) {
    if (target.variant !== "plain" && target.variant !== "data-request") continue;
    const endpoint = target.endpoint;
    const kind = endpoint
      ? `${endpoint.method} ${endpoint.kind} ${endpoint.bodyEncoding} ${endpoint.service}`
      : `${target.kind} ${target.variant} ${target.takesBody} ${target.path.includes("?")}`;
    if (!kinds.has(kind)) kinds.set(kind, target);
  }
  return [...kinds.values()];
}

export function fuzzPlan(
  targets: Target[],
  signedIn: Record<string, string>,
  host: string,
): { probes: Probe[]; raw: Probe[] } {
  const probes: Probe[] = [];

  // Every target with every method; data requests, hostile paths and route ids with the few that matter.
  for (const target of targets) {
    const methods =
      target.variant === "plain"
        ? METHODS
        : target.variant === "data-request"
          ? ["GET", "POST", "PUT"]
          : [...new Set(["GET", target.method])];
    for (const method of methods) probes.push(probeOf(method, target.path, bodyForMethod(method)));
  }

  // Every hostile query on every plain target, read, and posted to what takes a body.
  for (const target of targets.filter((candidate) => candidate.variant === "plain")) {
    for (const [name, query] of hostileQueries(target.queryKeys)) {
      probes.push(probeOf("GET", withQuery(target.path, query), bodyShape("no body"), {}, name));
      if (target.takesBody)
        probes.push(probeOf(target.method, withQuery(target.path, query), bodyShape("{}"), {}, `${name}, {}`));
    }
  }

  // Every body shape on each action, as a form post and as a data request, and on one API endpoint of
  // each kind; the other endpoints get a few, and each its own fields with wrong types.
  const bodyTakers = targets.filter(
    (target) => target.takesBody && (target.variant === "plain" || /\.data$/.test(target.path)),
  );
  const representatives = new Set([
    ...bodyTakers.filter((target) => target.kind !== "api"),
    ...oneOfEachKind(bodyTakers.filter((target) => target.kind === "api")),
  ]);
  const fewShapes = ["{}", "invalid JSON", "huge JSON string", "repeated form keys"].map(bodyShape);
  for (const target of bodyTakers) {
    const shapes = representatives.has(target) ? [...BODY_SHAPES] : [...fewShapes];
    const ownWrongTypes = wrongTypesFor(target.endpoint?.body);
    if (ownWrongTypes) shapes.push(ownWrongTypes);
    for (const shape of shapes) probes.push(probeOf(target.method, target.path, shape));
  }

  // A body nothing reads (a page without an action, a GET-only endpoint): large enough to fill the
  // connection's buffers, on one target of each kind.
  for (const target of oneOfEachKind(targets)) {
    probes.push(probeOf("POST", target.path, bodyShape("huge form"), {}, "huge form, nothing reads it"));
  }

  // Signed in, every body shape on what only a user can do (but not signing out, which would end the session).
  const userTargets = targets.filter(
    (target) =>
      target.variant === "plain" &&
      (target.endpoint?.auth === "required" || target.path.startsWith("/user")) &&
      !/logout|sessions/.test(target.path),
  );
  for (const target of userTargets) {
    probes.push(probeOf("GET", target.path, bodyShape("no body"), signedIn, "signed in"));
    if (!target.takesBody) continue;
    for (const shape of BODY_SHAPES)
      probes.push(probeOf(target.method, target.path, shape, signedIn, `signed in, ${shape.name}`));
  }

  // Every odd header on one target of each kind, read and posted.
  for (const target of oneOfEachKind(targets)) {
    for (const [name, headers] of HEADER_SHAPES) {
      probes.push(probeOf("GET", target.path, bodyShape("no body"), headers, name));
      const method = target.method === "GET" ? "POST" : target.method;
      probes.push(probeOf(method, target.path, bodyShape("repeated form keys"), headers, `${name}, form`));
    }
  }

  // Raw requests on one target of each kind that takes a body: a page's action, a resource route, the API.
  const raw: Probe[] = [];
  const rawTargets = new Map<string, Target>();
  for (const target of targets) {
    if (target.takesBody && target.variant === "plain" && !rawTargets.has(target.kind))
      rawTargets.set(target.kind, target);
  }
  for (const target of rawTargets.values()) {
    for (const [name, bytes] of rawRequests(target.path, host))
      raw.push({ method: RAW, path: target.path, shape: name, body: bytes });
  }
  return { probes, raw };
}
