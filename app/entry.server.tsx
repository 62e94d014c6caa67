import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { describeError } from "~/components/ui/error-page";
import { HTTP_STATUS_MESSAGES, unknownStatusMessage } from "~/utils/api-errors";
import { streamDocument } from "~/utils/document-stream.server";
import { NonceProvider } from "~/utils/nonce";
import { readReadyLoaderData } from "~/utils/ready-loader-data.server";
import { answerNewWords, newWordsPage } from "~/utils/new-words-page.server";
import { encodePage } from "~/utils/page-encoding.server";
import { renderVisitorPageTemplate, templatePage } from "~/utils/visitor-page-render.server";
import { assembleVisitorPage } from "~/utils/visitor-page-template.server";

/** Single fetch: how long deferred data may stream before the render is aborted. */
export const streamTimeout = 5_000;

/**
 * Bots (and the no-JS crawlers) get the whole document at once (onAllReady);
 * browsers get the shell as soon as it is ready. Every inline script, Remix's and React's streamed
 * ones included, carries the response's Content-Security-Policy nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const kept = loadContext.visitorPages;
  const page = kept && templatePage(request, responseStatusCode, responseHeaders, remixContext);
  if (!kept || !page) return render(request, responseStatusCode, responseHeaders, remixContext, nonce);
  const answer = (body: Uint8Array<ArrayBuffer>) => {
    // Remix's own encoding of the loader data, which the template's answer carries itself.
    void remixContext.serverHandoffStream?.cancel();
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(body, { status: responseStatusCode, headers: responseHeaders });
  };
  // New words on a page that previews them: answered from the template of its address without them.
  const newWords = newWordsPage(request, remixContext, page);
  if (newWords) {
    return answerNewWords(newWords, kept.templates, nonce).then((html) => {
      if (!html) return render(request, responseStatusCode, responseHeaders, remixContext, nonce);
      responseHeaders.set("X-Page-Cache", "new-words");
      const { body, encoding } = encodePage(html, request.headers.get("Accept-Encoding"));
      responseHeaders.append("Vary", "Accept-Encoding");
      if (encoding) responseHeaders.set("Content-Encoding", encoding);
      // Sent in one write, not as chunks.
      responseHeaders.set("Content-Length", String(body.byteLength));
      return answer(body);
    });
  }
  // A shared page is rendered as a template, kept for the next visitors, and this answer made from it.
  const worthKeeping = () => kept.templates.worthKeeping(kept.key);
  return renderVisitorPageTemplate(page, remixContext, worthKeeping).then((template) => {
    const body = template && assembleVisitorPage(template, page.root, nonce);
    if (!template || !body) return render(request, responseStatusCode, responseHeaders, remixContext, nonce);
    kept.templates.keep(kept.key, template);
    return answer(body);
  });
}

async function render(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  nonce: string,
) {
  await readReadyLoaderData(remixContext);
  const page = (
    <NonceProvider nonce={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  return streamDocument(request, page, {
    status: responseStatusCode,
    headers: responseHeaders,
    nonce,
    waitForAll: isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode,
    deadlineMs: streamTimeout + 1_000,
  });
}

/**
 * Logs unexpected server errors with their stack; a refusal (a 4xx Remix raised itself, such as a
 * post to an address no route takes) is one line, and an aborted request (the visitor navigated
 * away) or an old client's `?_data=` request is not logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isLegacyDataRequestWarning(error)) return;
  const { status, message } = describeError(error);
  if (status < 500) {
    const { pathname } = new URL(request.url);
    console.warn(`${status} ${request.method} ${pathname}: ${message ?? ""}`.trim());
    return;
  }
  console.error(error);
};

/** Remix's warning for every `?_data=` request under single fetch: said of the client, not a fault here. */
function isLegacyDataRequestWarning(error: unknown): boolean {
  return (
    error instanceof Error && error.message.startsWith("Warning: Single fetch-enabled apps should not be making ?_data")
  );
}

/**
 * A `?_data=` request Remix refused itself (a route id that does not match the address) answers
 * the site's envelope in Chinese instead of Remix's "Unexpected Server Error".
 */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  if (!response.headers.has("X-Remix-Error") || response.status >= 500) return response;
  const message = HTTP_STATUS_MESSAGES[response.status] ?? unknownStatusMessage(response.status);
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(JSON.stringify({ code: String(response.status), message, data: null }), {
    status: response.status,
    headers,
  });
};
