import { Outlet } from "@remix-run/react";
import { SiteShell } from "~/components/layout/site-shell";

/** The home layout: the dark variant of the header sits over the home hero. */
export default function HomeLayout() {
  return (
    <SiteShell layout="home">
      <Outlet />
    </SiteShell>
  );
}
