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

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
