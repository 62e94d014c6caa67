import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { stripHtmlSuffix } from "~/utils/html-suffix";
import { registerServiceWorkerAfterLoad } from "~/utils/service-worker";

/** A failed chunk load forces one page reload, at most once per 60 s. */
const CHUNK_RELOAD_GUARD_MS = 60_000;
const CHUNK_RELOAD_KEY = "chunk-reload-at";

function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(
    message,
  );
}

function reloadOnceForChunkError(reason: unknown) {
  if (!isChunkLoadError(reason)) return;
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    /* storage unavailable: still reload once */
  }
  window.location.reload();
}

window.addEventListener("unhandledrejection", (event) => reloadOnceForChunkError(event.reason));

const address = `${window.location.pathname}${window.location.search}${window.location.hash}`;
const canonicalAddress = stripHtmlSuffix(address);
if (canonicalAddress !== address) window.history.replaceState(window.history.state, "", canonicalAddress);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

registerServiceWorkerAfterLoad();
