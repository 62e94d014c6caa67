import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";

/** Set in the browser once the document's first page is on screen (never on the server). */
let firstPageShown = false;

/**
 * A fade between pages: the page content fades in when the path changes (off with reduced motion).
 * The document's first page shows at once: there is no page to fade from, and content painted
 * transparent does not count as the page's largest paint, which would then come late.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [firstPath] = useState(() => (firstPageShown ? null : pathname));
  useEffect(() => {
    firstPageShown = true;
  }, []);
  return (
    <div
      key={pathname}
      className={pathname === firstPath ? "page-transition page-transition--first" : "page-transition"}
    >
      {children}
    </div>
  );
}
