import { Outlet } from "@remix-run/react";
import { SiteShell } from "~/components/layout/site-shell";

/** The default layout: header, page, footer. */
export default function DefaultLayout() {
  return (
    <SiteShell layout="default">
      <Outlet />
    </SiteShell>
  );
}
