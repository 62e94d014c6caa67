import type { LoaderFunctionArgs } from "@remix-run/node";
import { robotsTxt } from "~/utils/seo/sitemap";
import { siteOrigin } from "~/utils/seo/site-origin.server";

/** GET /robots.txt: the sitemap's address, and the pages crawlers should leave alone. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
