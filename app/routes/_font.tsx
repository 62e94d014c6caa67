import { Outlet } from "@remix-run/react";
import { SiteShell } from "~/components/site-shell";

/**
 * The font layout: header and footer around the font-browsing pages
 * (`_font.font._index.tsx`, `_font.font.$id.tsx`), with a wider main area.
 */
export default function FontLayout() {
  return (
    <SiteShell layout="font">
      <Outlet />
    </SiteShell>
  );
}
