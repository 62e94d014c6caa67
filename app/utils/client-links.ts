import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Spread on a list whose entries are many links (font cards, category cards, article lists): its
 * plain `<a href>`s then navigate within the app as `<Link>`s do, through one listener for the
 * whole document instead of a `<Link>` each, which the browser would otherwise hydrate one by one
 * (each `<Link>` is several components and hooks).
 */
export const CLIENT_LINKS = { "data-client-links": "" } as const;

/** As `CLIENT_LINKS`, for links that change what the page shows in place (filters): the page keeps its scroll. */
export const CLIENT_LINKS_KEEPING_SCROLL = { "data-client-links": "keep-scroll" } as const;

export type ClientLinkDestination = { to: string; preventScrollReset: boolean };

/**
 * Where a click should take the app, or `null` when the browser should follow it itself: another
 * button or a modifier key (new tab or window), a link outside a `CLIENT_LINKS` list, one opening
 * another window or downloading, another origin, or a click something else already handled.
 */
export function clientLinkDestination(event: MouseEvent, origin: string): ClientLinkDestination | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  const list = anchor?.closest("[data-client-links]");
  if (!(anchor instanceof HTMLAnchorElement) || !list) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href);
  if (url.origin !== origin) return null;
  return {
    to: url.pathname + url.search + url.hash,
    preventScrollReset: list.getAttribute("data-client-links") === CLIENT_LINKS_KEEPING_SCROLL["data-client-links"],
  };
}

/** In the document shell: follows the clicks `clientLinkDestination` gives a destination to. */
export function useClientLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const destination = clientLinkDestination(event, window.location.origin);
      if (destination === null) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      const { to, preventScrollReset } = destination;
      // As a `<Link>` to the page already shown, the history gets no second entry for it.
      navigate(to, { replace: to === pathname + search + hash, preventScrollReset });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
