import { HTTP_STATUS_MESSAGES } from "./api-errors";
import { toast } from "./toast";

/**
 * Statuses a page cannot explain itself: 400 and 401 carry the server's own message, which the
 * form or page that asked shows, and 404 has its own page; every other failure of the catalogue
 * is told as a toast.
 */
const EXPLAINED_BY_THE_PAGE = new Set([400, 401, 404]);

/** The toast for a failed client-side data request, or null when the page shows the failure itself. */
export function dataRequestToastMessage(status: number): string | null {
  if (status < 400 || EXPLAINED_BY_THE_PAGE.has(status)) return null;
  return HTTP_STATUS_MESSAGES[status] ?? null;
}

/**
 * A request of the site's own loaders or actions made by the browser (client navigation, fetcher):
 * `/news.data` (`/_root.data` for the home page), or `?_data=` from an older client.
 */
function isSiteDataRequest(input: RequestInfo | URL, origin: string): boolean {
  const url = new URL(input instanceof Request ? input.url : String(input), origin);
  return url.origin === origin && (url.pathname.endsWith(".data") || url.searchParams.has("_data"));
}

/**
 * Shows the error catalogue's message when a client-side data request fails with an HTTP status;
 * the request still fails as before, for the error boundary or the fetcher to handle.
 */
export function installDataRequestToasts(target: Pick<Window, "fetch" | "location"> = window): void {
  const original = target.fetch.bind(target);
  target.fetch = async (input, init) => {
    const response = await original(input, init);
    if (!response.ok && isSiteDataRequest(input, target.location.origin)) {
      const message = dataRequestToastMessage(response.status);
      if (message) toast.error(message);
    }
    return response;
  };
}
