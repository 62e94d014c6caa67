import type { RequestListener } from "node:http";
import express from "express";
import inject from "light-my-request";

/** Sends a request to a backend and answers its Response, called as `fetch(url, init)` is. */
export type BackendFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Statuses whose Response may carry no body. */
const BODILESS_STATUSES = new Set([101, 204, 205, 304]);

/**
 * An Express application for `inProcessFetch` alone. light-my-request makes an Express app's
 * requests and responses its own by changing the prototype they share with every other Express app
 * of the process (the site's own would then answer real visitors through it); this app gets private
 * copies of those prototypes, so the change stays inside it.
 */
export function inProcessExpressApp(): express.Express {
  const app = express();
  const privateCopy = <T extends object>(shared: T): T =>
    Object.defineProperties(Object.create(Object.getPrototypeOf(shared)), Object.getOwnPropertyDescriptors(shared));
  const ownedBy = { app: { configurable: true, enumerable: true, writable: true, value: app } };
  app.request = Object.create(privateCopy(express.request), ownedBy);
  app.response = Object.create(privateCopy(express.response), ownedBy);
  app.disable("x-powered-by");
  return app;
}

/**
 * `fetch` for a Node request handler in this same process: the Request becomes an in-memory
 * IncomingMessage (from loopback, like a call over HTTP from this server) and the handler's
 * ServerResponse becomes the Response, with no socket, no port and no HTTP parsing in between.
 * A call whose signal aborts (its timeout) rejects with the signal's reason, as `fetch` does. The
 * signal is the caller's own: a Request's copy of it is followed only weakly and can be collected
 * before it fires.
 */
export function inProcessFetch(handler: RequestListener): BackendFetch {
  return async (target, init = {}) => {
    const signal = init.signal ?? new AbortController().signal;
    signal.throwIfAborted();
    const request = new Request(target, { ...init, signal: undefined });
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const payload =
      request.method === "GET" || request.method === "HEAD" ? undefined : Buffer.from(await request.arrayBuffer());
    const answered = inject(handler, {
      method: request.method,
      url: `${url.pathname}${url.search}`,
      authority: url.host,
      headers,
      payload,
      remoteAddress: "127.0.0.1",
    });
    let stopWaiting = () => {};
    const aborted = new Promise<never>((_resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      stopWaiting = () => signal.removeEventListener("abort", onAbort);
    });
    const answer = await Promise.race([answered, aborted]).finally(stopWaiting);

    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    const body = BODILESS_STATUSES.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload);
    return new Response(body, {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: responseHeaders,
    });
  };
}
