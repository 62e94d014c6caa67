import type { AppLoadContext, LoaderFunction } from "@remix-run/node";
import type { RequestHandler } from "express";
import { FontVisitCounter } from "../app/services/catalogue/font-visits.js";
import type { RootData } from "../app/utils/root-data.js";
import {
  answeredFromTemplate,
  assembleVisitorPage,
  sameSharedRoot,
  type VisitorPageTemplates,
} from "../app/utils/visitor-page-template.server.js";
import { cspNonce } from "./content-security-policy.js";
import { keptPageKey } from "./page-cache.js";

export type VisitorPagesOptions = {
  templates: VisitorPageTemplates;
  /** The root route's loader: the visitor's root data, read as Remix would for the page. */
  rootLoader: LoaderFunction;
  loadContext: (nonce: string) => AppLoadContext;
  /** Counts the views that answers of a font's page stand for (see anonymousPageCache). */
  onFontVisits: (fontGNo: string, visits: number) => void;
};

/**
 * Answers a visitor with a cookie from the template of the page they ask for (rendered by
 * entry.server.tsx for an earlier visitor, and not expired): only the root loader runs, for the
 * visitor's own data, and the page is put together from the template with it. A visitor whose root
 * data the template cannot show (a flash message, several favorite folders, shared data that changed
 * since), a root loader that throws (a redirect) or a template that cannot be put together goes on
 * to Remix, which renders the page as before.
 */
export function visitorPagesFromTemplates({
  templates,
  rootLoader,
  loadContext,
  onFontVisits,
}: VisitorPagesOptions): RequestHandler {
  const fontVisits = new FontVisitCounter(onFontVisits);
  return (req, res, next) => {
    if (req.method !== "GET" || !req.headers.cookie || req.path.endsWith(".data") || "_data" in req.query) {
      return next();
    }
    const template = templates.fresh(keptPageKey(req));
    if (!template) return next();
    const nonce = cspNonce(res);
    let request: Request;
    try {
      request = new Request(`${req.protocol}://${req.headers.host ?? "localhost"}${req.originalUrl}`, {
        headers: req.headers as Record<string, string>,
      });
    } catch {
      // An address or header a web Request does not take: Remix's adapter answers it as it does.
      return next();
    }
    Promise.resolve()
      .then(() => rootLoader({ request, context: loadContext(nonce), params: {} }))
      .then(
        (loaded) => {
          const root = rootDataOf(loaded);
          if (!answeredFromTemplate(root) || !sameSharedRoot(template, root)) return next();
          const body = assembleVisitorPage(template, root, nonce);
          if (!body) return next();
          for (const [name, value] of template.headers) res.setHeader(name, value);
          res.setHeader("Content-Type", "text/html; charset=utf-8");
          res.setHeader("X-Page-Cache", "template");
          res.setHeader("Content-Length", body.byteLength);
          res.status(200).end(body);
          if (template.fontVisit) fontVisits.count(template.fontVisit);
        },
        // A redirect (an expired login, a guarded page) or a failure: Remix answers it as it would.
        () => next(),
      );
  };
}

/** The root loader's data, or undefined when its answer also sets headers or a status (Remix must send those). */
function rootDataOf(loaded: unknown): RootData | undefined {
  if (!loaded || typeof loaded !== "object" || loaded instanceof Response) return undefined;
  const wrapped = loaded as { type?: unknown; data?: unknown; init?: ResponseInit | null };
  if (wrapped.type !== "DataWithResponseInit") return loaded as RootData;
  if (wrapped.init?.status || new Headers(wrapped.init?.headers).has("Set-Cookie")) return undefined;
  return wrapped.data as RootData;
}
