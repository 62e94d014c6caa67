import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { createHtmlBodyStream } from "~/utils/html-stream.server";
import { statusPage } from "~/utils/status-page";

export const RENDER_TIMEOUT_MESSAGE = "页面生成超时，请稍后刷新重试";
/** What a visitor whose page ran out of time is told to wait, in seconds. */
const RENDER_TIMEOUT_RETRY_AFTER_S = 5;

export type DocumentStreamOptions = {
  status: number;
  headers: Headers;
  /** The response's Content-Security-Policy nonce, carried by every inline script and style. */
  nonce: string;
  /** Send nothing until everything has rendered (bots), rather than the shell as soon as it is ready. */
  waitForAll: boolean;
  /** How long the render may take; then it is aborted and logged with the request's address. */
  deadlineMs: number;
};

/**
 * Renders `page` as the HTML response of `request`. A render still running at the deadline is
 * aborted and logged with its address: before anything was sent the visitor gets a 503 page
 * with Retry-After (never Remix's bare 500); after the shell was sent, what had not arrived yet is
 * left to the browser, as React does.
 */
export function streamDocument(
  request: Request,
  page: ReactElement,
  options: DocumentStreamOptions,
): Promise<Response> {
  const { headers, nonce, waitForAll, deadlineMs } = options;
  let status = options.status;
  return new Promise<Response>((resolve, reject) => {
    let answered = false;
    let timedOut = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      const { sink, body } = createHtmlBodyStream();
      headers.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(body, { headers, status }));
      pipe(sink);
    };
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onShellReady: waitForAll ? undefined : answer,
      onAllReady() {
        clearTimeout(deadline);
        answer();
      },
      onShellError(error: unknown) {
        clearTimeout(deadline);
        if (answered) return;
        answered = true;
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (answered && !timedOut) console.error(error);
      },
    });
    const deadline = setTimeout(() => {
      timedOut = true;
      if (answered) {
        console.error(`页面渲染超过 ${deadlineMs} ms，未完成的部分已中止：${request.method} ${request.url}`);
        abort();
        return;
      }
      answered = true;
      console.error(`页面渲染超过 ${deadlineMs} ms，已中止并答复 503：${request.method} ${request.url}`);
      abort();
      const refusal = new Headers(headers);
      refusal.set("Content-Type", "text/html; charset=utf-8");
      refusal.set("Cache-Control", "no-store");
      refusal.set("Retry-After", String(RENDER_TIMEOUT_RETRY_AFTER_S));
      const html = statusPage({
        status: 503,
        message: RENDER_TIMEOUT_MESSAGE,
        detail: "服务器现在很忙，页面没能及时生成。",
        nonce,
      });
      resolve(new Response(html, { status: 503, headers: refusal }));
    }, deadlineMs);
  });
}
