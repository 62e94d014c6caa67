import { Outlet } from "@remix-run/react";
import { SiteShell } from "~/components/site-shell";

/** The default layout (SPEC 2): header, page, footer. */
export default function DefaultLayout() {
  return (
    <SiteShell layout="default">
      <Outlet />
    </SiteShell>
  );
}
