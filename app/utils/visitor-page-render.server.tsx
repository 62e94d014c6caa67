import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { createHtmlBodyStream } from "~/utils/html-stream.server";
import { encodeSharedHydrationData } from "~/utils/hydration-data.server";
import { NonceProvider } from "~/utils/nonce";
import { PAGE_CACHE_SIGNAL_HEADERS, pageCacheSignals } from "~/utils/page-cache";
import type { RootData } from "~/utils/root-data";
import {
  answeredFromTemplate,
  makeVisitorPageTemplate,
  NEUTRAL_VISITOR,
  NONCE_MARK,
  sharedRootFields,
  visitorPartsTemplate,
  type VisitorPageTemplate,
  type VisitorPartPickers,
} from "~/utils/visitor-page-template.server";
import { VisitorPartsTemplateContext } from "~/utils/visitor-parts";

/** Headers that tell the server's caches about a page; a template's answers never carry them. */
const SIGNAL_HEADERS = new Set<string>(PAGE_CACHE_SIGNAL_HEADERS.map((name) => name.toLowerCase()));

/** What a template of a page needs to know of it besides its markup and data. */
export type TemplatePage = {
  root: RootData;
  /** How long the route lets the page be kept. */
  seconds: number;
  fontVisit: string | null;
  /** The answer's headers but the page cache's signals and Content-Type, which is always HTML. */
  headers: Array<[string, string]>;
};

/**
 * The page Remix is about to render, if an answer may come from a template of it: a GET answered
 * 200 by a route that lets its page be kept, with no action, error or Set-Cookie, for a visitor
 * whose differences are all parts. Null otherwise (the page is then rendered as before).
 */
export function templatePage(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): TemplatePage | null {
  const handled = context.staticHandlerContext;
  const { seconds, fontVisit } = pageCacheSignals((name) => headers.get(name));
  if (request.method !== "GET" || status !== 200 || !(seconds > 0) || headers.has("Set-Cookie")) return null;
  if (handled.errors || handled.actionData || context.isSpaMode) return null;
  const root = handled.loaderData.root as RootData | undefined;
  if (!answeredFromTemplate(root)) return null;
  const kept: Array<[string, string]> = [];
  headers.forEach((value, name) => {
    if (!SIGNAL_HEADERS.has(name) && name !== "content-type") kept.push([name, value]);
  });
  return { root, seconds, fontVisit, headers: kept };
}

/**
 * The template of `page`, which Remix is about to render, or null when the page is not
 * `worthKeeping` yet, its loader data is not JSON, or its render failed (it is then rendered as before).
 */
export async function renderVisitorPageTemplate(
  page: TemplatePage,
  context: EntryContext,
  worthKeeping: () => boolean,
): Promise<VisitorPageTemplate | null> {
  if (!worthKeeping()) return null;
  const handled = context.staticHandlerContext;
  const pickers: VisitorPartPickers = { parts: [], values: [] };
  try {
    const hydration = encodeSharedHydrationData({ ...handled.loaderData, root: undefined });
    const html = await renderPageToText(
      context,
      { ...handled.loaderData, root: { ...page.root, ...NEUTRAL_VISITOR } },
      handled.location,
      (markup) => (
        <VisitorPartsTemplateContext.Provider value={visitorPartsTemplate(pickers)}>
          {markup}
        </VisitorPartsTemplateContext.Provider>
      ),
    );
    return makeVisitorPageTemplate(html, hydration, {
      pickers,
      sharedRoot: sharedRootFields(page.root),
      headers: page.headers,
      fontVisit: page.fontVisit,
      expiresAt: Date.now() + page.seconds * 1000,
    });
  } catch {
    return null;
  }
}

/**
 * The page Remix is about to render, rendered whole as text with NONCE_MARK for its nonce, with
 * this loader data at this location, inside `wrap`; without the data for hydration, which a
 * template's answers encode themselves.
 */
export function renderPageToText(
  context: EntryContext,
  loaderData: Record<string, unknown>,
  location: EntryContext["staticHandlerContext"]["location"],
  wrap: (page: ReactElement) => ReactElement = (page) => page,
): Promise<string> {
  const pageContext: EntryContext = {
    ...context,
    staticHandlerContext: { ...context.staticHandlerContext, loaderData, location },
    serverHandoffStream: undefined,
  };
  const url = `http://localhost${location.pathname}${location.search}`;
  return renderToText(
    wrap(
      <NonceProvider nonce={NONCE_MARK}>
        <RemixServer context={pageContext} url={url} nonce={NONCE_MARK} />
      </NonceProvider>,
    ),
  );
}

function renderToText(page: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const { sink, body } = createHtmlBodyStream();
    const { pipe } = renderToPipeableStream(page, {
      nonce: NONCE_MARK,
      onAllReady() {
        pipe(sink);
        new Response(body).text().then(resolve, reject);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}
