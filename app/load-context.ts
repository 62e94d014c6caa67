import type { AppLoadContext } from "@remix-run/node";
import type { VisitorPageTemplates } from "~/utils/visitor-page-template.server";

declare module "@remix-run/server-runtime" {
  /** Loader data arrives by single fetch (turbo-stream): `useLoaderData` is typed accordingly. */
  interface Future {
    v3_singleFetch: true;
  }

  /** What server.ts hands every loader and action. */
  interface AppLoadContext {
    /**
     * This server's own address (`http://127.0.0.1:3000`): loaders reach the embedded backend and
     * subset service over HTTP there, unless API_BASE / SUBSET_BASE name other ones. Absent when the
     * website runs without server.ts (remix-serve), where API_BASE and SUBSET_BASE are required.
     */
    internalOrigin?: string;
    /**
     * The embedded backend and subset service called in this same process (no socket): set by
     * server.ts when it embeds them, so loaders skip loopback HTTP. Calls still go through the
     * contract's paths and envelope; API_BASE / SUBSET_BASE, when set, win over it.
     */
    backendFetch?: (url: string, init?: RequestInit) => Promise<Response>;
    /**
     * This response's Content-Security-Policy nonce: every inline `<script>` and `<style>` carries
     * it. Set by server.ts; absent under remix-serve (which sends no Content-Security-Policy, so
     * the inline scripts need none) and in unit tests that call loaders directly.
     */
    cspNonce?: string;
    /**
     * Where the template of this answer's page is kept for later visitors (server.ts, under its
     * address); absent under remix-serve and with PAGE_CACHE_MB=0, where every page is rendered.
     */
    visitorPages?: { templates: VisitorPageTemplates; key: string };
  }
}

export type { AppLoadContext };

export function createLoadContext(
  internalOrigin: string,
  cspNonce: string,
  backendFetch?: (url: string, init?: RequestInit) => Promise<Response>,
  visitorPages?: AppLoadContext["visitorPages"],
): AppLoadContext {
  return { internalOrigin, cspNonce, backendFetch, visitorPages };
}
