import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

/** A fade between pages: the page content fades in when the path changes (off with reduced motion). */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div key={pathname} className="page-transition">
      {children}
    </div>
  );
}
