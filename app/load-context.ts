import type { AppLoadContext } from "@remix-run/node";

declare module "@remix-run/server-runtime" {
  /** Loader data arrives by single fetch (turbo-stream): `useLoaderData` is typed accordingly. */
  interface Future {
    v3_singleFetch: true;
  }

  /** What server.ts hands every loader and action. */
  interface AppLoadContext {
    /**
     * This server's own address (`http://127.0.0.1:3000`): loaders reach the embedded backend and
     * subset service over HTTP there, unless API_BASE / SUBSET_BASE name other ones.
     */
    internalOrigin: string;
    /**
     * This response's Content-Security-Policy nonce: every inline `<script>` and `<style>` carries
     * it. Always set by server.ts; absent only in unit tests that call loaders directly.
     */
    cspNonce?: string;
  }
}

export type { AppLoadContext };

export function createLoadContext(internalOrigin: string, cspNonce: string): AppLoadContext {
  return { internalOrigin, cspNonce };
}
