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

/** The events on which React 18 hydrates a page at once (react-dom's `discreteReplayableEvents`). */
const EVENTS_HYDRATING_AT_ONCE = (
  "mousedown mouseup touchcancel touchend touchstart auxclick dblclick pointercancel pointerdown pointerup " +
  "dragend dragstart drop compositionend compositionstart keydown keypress keyup input textInput copy cut paste " +
  "click change contextmenu reset submit"
).split(" ");

/**
 * Until Remix has decoded the page's loader data and made its router, these events go to the page
 * as served (a link loads its page, a form posts) and not to React. On them React hydrates the
 * document at once; while the decoding is under way the document suspends with no Suspense
 * boundary above it, and React gives up (error #345): the page would never hydrate. Once the router
 * is made, React hydrates on them as it should.
 */
function keepEventsFromReactUntilRouted() {
  const keep = (event: Event) => {
    if (!("__remixRouter" in window)) return event.stopPropagation();
    for (const type of EVENTS_HYDRATING_AT_ONCE) window.removeEventListener(type, keep, true);
  };
  for (const type of EVENTS_HYDRATING_AT_ONCE) window.addEventListener(type, keep, true);
}

keepEventsFromReactUntilRouted();
// Runs once the page has loaded, as `DeferredScripts` starts it (decision 047).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
