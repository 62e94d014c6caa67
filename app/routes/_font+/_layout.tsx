import { Outlet } from "@remix-run/react";
import { SiteShell } from "~/components/layout/site-shell";

/**
 * The font layout: header and footer around the font-browsing pages
 * (`font+/_index.tsx`, `font+/$id.tsx`), with a wider main area.
 */
export default function FontLayout() {
  return (
    <SiteShell layout="font">
      <Outlet />
    </SiteShell>
  );
}
