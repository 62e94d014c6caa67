import { useState, type ReactNode } from "react";
import { pageHydrated } from "~/utils/hydration";

/** Empty `dangerouslySetInnerHTML`: React keeps what the server sent inside the element and walks none of it. */
export const KEPT_AS_SERVED = { __html: "" };

/**
 * A part of a page that needs nothing of React in the browser: text, images and plain links (in a
 * `CLIENT_LINKS` list, which navigate through the document's one listener), and toggles made of a
 * checkbox and CSS. The server renders `children`; as the page hydrates, React leaves that HTML as
 * the server sent it and walks none of it, where it would otherwise make and match a fiber for
 * every element: hydration a phone pays for on each first visit, before the page answers a tap.
 *
 * `content` is what the part is rendered from: a value, or a list of the values it is made of.
 * Rendered in the browser (the page reached by a client navigation), or once `content` no longer
 * equals what the server rendered it from (a revalidation with new data), the part is `children`
 * as usual.
 */
export function ServerMarkup({ content, children }: { content: unknown; children: ReactNode }) {
  const [served] = useState<Served | null>(() =>
    typeof document !== "undefined" && !pageHydrated() ? { content } : null,
  );
  // Once rendered here, the served HTML is gone: the part stays rendered, whatever its content becomes.
  const [rendered, setRendered] = useState(served === null);
  if (!rendered && served && sameContent(served, content)) {
    return (
      <div key="served" className="server-markup" dangerouslySetInnerHTML={KEPT_AS_SERVED} suppressHydrationWarning />
    );
  }
  if (!rendered) setRendered(true);
  return (
    <div key="rendered" className="server-markup">
      {children}
    </div>
  );
}

type Served = { content: unknown };

/**
 * Loader data comes back as new objects on each revalidation: equal content is equal JSON. Content
 * given as a list of parts is compared part by part, so a part that is the same object as before
 * (the page's data, its state) is not serialised on every render.
 */
function sameContent({ content: before }: Served, content: unknown): boolean {
  if (Array.isArray(before) && Array.isArray(content)) {
    return before.length === content.length && before.every((part, index) => samePart(part, content[index]));
  }
  return samePart(before, content);
}

function samePart(before: unknown, now: unknown): boolean {
  return Object.is(before, now) || JSON.stringify(before) === JSON.stringify(now);
}
