import path from "node:path";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { decode } from "turbo-stream";
import { createLoadContext } from "../app/load-context.js";

/** The nonce a page is compared with: each answer's own nonce is replaced by it. */
export const NONCE = "dGVzdC1ub25jZS0xMjM0NQ==";

export type Page = { status: number; headers: Headers; html: string; data: unknown };

/**
 * A page's faces are linked as WOFF until their WOFF2 is encoded in the background, then as WOFF2:
 * which of the two a page names depends on when it was made, not on who asked.
 */
const sameFaceEncoding = (text: string) => text.replace(/woff2/g, "woff");

/** A document's markup and the loader data its hydration scripts carry, decoded as the browser does. */
export async function pageOf(response: Response): Promise<Page> {
  const body = await response.text();
  const nonce = /nonce="([^"]+)"/.exec(body)?.[1];
  const text = nonce ? body.replaceAll(nonce, NONCE) : body;
  const end = text.indexOf("</html>") + "</html>".length;
  const chunks = [...text.slice(end).matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as string,
  );
  let data: unknown = null;
  if (chunks.length > 0) {
    const decoded = await decode(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(chunks.join("")));
          controller.close();
        },
      }),
    );
    await decoded.done;
    data = decoded.value;
  }
  return {
    status: response.status,
    headers: response.headers,
    html: sameFaceEncoding(text.slice(0, end)),
    data: JSON.parse(sameFaceEncoding(JSON.stringify(data ?? null))) as unknown,
  };
}

/**
 * Pages as the build's own request handler renders them for a visitor with `cookie`, with no
 * templates, reading the server at `serverUrl`'s backend (run `npm run build` first).
 */
export async function remixRenderer(serverUrl: string): Promise<(pathname: string, cookie?: string) => Promise<Page>> {
  const build = (await import(path.join(__dirname, "../build/server/index.js"))) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return async (pathname, cookie = "") =>
    pageOf(
      await handler(
        new Request(`${serverUrl}${pathname}`, { headers: { cookie } }),
        createLoadContext(serverUrl, NONCE),
      ),
    );
}
