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

/**
 * The template of the page Remix is about to render, or null when this answer cannot come from one:
 * not a GET, not a 200, a route that does not let its page be kept, an action, an error, a
 * Set-Cookie, a visitor whose differences are not all parts, a page not `worthKeeping` yet, loader
 * data that is not JSON, or a render that failed (the page is then rendered as before).
 */
export async function renderVisitorPageTemplate(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  worthKeeping: () => boolean,
): Promise<VisitorPageTemplate | null> {
  const handled = context.staticHandlerContext;
  const { seconds, fontVisit } = pageCacheSignals((name) => headers.get(name));
  if (request.method !== "GET" || status !== 200 || !(seconds > 0) || headers.has("Set-Cookie")) return null;
  if (handled.errors || handled.actionData || context.isSpaMode) return null;
  const root = handled.loaderData.root as RootData | undefined;
  if (!answeredFromTemplate(root) || !worthKeeping()) return null;

  const templateContext: EntryContext = {
    ...context,
    staticHandlerContext: { ...handled, loaderData: { ...handled.loaderData, root: { ...root, ...NEUTRAL_VISITOR } } },
    // The data for hydration is encoded by the template, the root's for each answer.
    serverHandoffStream: undefined,
  };
  const pickers: VisitorPartPickers = { parts: [], values: [] };
  try {
    const hydration = encodeSharedHydrationData({ ...handled.loaderData, root: undefined });
    const html = await renderToText(
      <VisitorPartsTemplateContext.Provider value={visitorPartsTemplate(pickers)}>
        <NonceProvider nonce={NONCE_MARK}>
          <RemixServer context={templateContext} url={request.url} nonce={NONCE_MARK} />
        </NonceProvider>
      </VisitorPartsTemplateContext.Provider>,
    );
    const kept: Array<[string, string]> = [];
    headers.forEach((value, name) => {
      if (!SIGNAL_HEADERS.has(name) && name !== "content-type") kept.push([name, value]);
    });
    return makeVisitorPageTemplate(html, hydration, {
      pickers,
      sharedRoot: sharedRootFields(root),
      headers: kept,
      fontVisit,
      expiresAt: Date.now() + seconds * 1000,
    });
  } catch {
    return null;
  }
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
