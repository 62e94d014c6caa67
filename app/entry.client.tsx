import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { stripHtmlSuffix } from "~/utils/html-suffix";
import { installChunkReloadGuard } from "~/utils/chunk-reload";
import { installDataRequestToasts } from "~/utils/data-request-toasts";

installChunkReloadGuard();
installDataRequestToasts();

const address = `${window.location.pathname}${window.location.search}${window.location.hash}`;
const canonicalAddress = stripHtmlSuffix(address);
if (canonicalAddress !== address) window.history.replaceState(window.history.state, "", canonicalAddress);

/** The longest hydration waits for the page's load event. */
const HYDRATE_AT_LATEST_MS = 3_000;

let hydrating = false;
function hydrate() {
  if (hydrating) return;
  hydrating = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// Hydrating while the load's images and faces still arrive stretched each of its tasks 2–4× on a
// two-core phone (decision 046); the served page works meanwhile, its links and forms as without JS.
if (document.readyState === "complete") hydrate();
else {
  window.addEventListener("load", hydrate, { once: true });
  setTimeout(hydrate, HYDRATE_AT_LATEST_MS);
}
