import { createContext, useContext, type ReactNode } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered. On the server it comes from the
 * load context (entry.server.tsx provides it); in the browser, where the nonce attribute reads as
 * empty, from the `nonce` property of the page's first script, so a `<style>` element React adds
 * after a client navigation is allowed as well.
 */
const NonceContext = createContext("");

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  const rendered = useContext(NonceContext);
  if (rendered || typeof document === "undefined") return rendered;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}
