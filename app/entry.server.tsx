import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { streamDocument } from "~/utils/document-stream.server";
import { NonceProvider } from "~/utils/nonce";

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

/** Logs unexpected server errors, but not aborted requests (the visitor navigated away). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};
