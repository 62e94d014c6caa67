import { Outlet } from "@remix-run/react";

/** The blank layout: no header or footer (e.g. PDF export, embedded player). */
export default function BlankLayout() {
  return (
    <main id="main" className="site-main site-main--blank" data-site-layout="blank">
      <Outlet />
    </main>
  );
}
