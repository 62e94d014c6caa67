import { redirect } from "@remix-run/node";

/** Browsers still probe /favicon.ico (e.g. after a client-side error page); the site icon is an SVG. */
export function loader() {
  return redirect("/favicon.svg", { status: 301, headers: { "Cache-Control": "public, max-age=86400" } });
}
