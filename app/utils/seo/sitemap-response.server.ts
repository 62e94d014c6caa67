import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSitePages } from "~/services/site.server";
import { siteOrigin } from "./site-origin.server";
import { sitemapEntries, type SitemapEntry } from "./sitemap";

/** Every public page's address and the site's origin, for /sitemap.xml and its files. */
export async function loadSitemap({
  request,
  context,
}: LoaderFunctionArgs): Promise<{ origin: string; entries: SitemapEntry[] }> {
  const pages = await listSitePages({ request, context });
  return { origin: siteOrigin(request), entries: sitemapEntries(pages) };
}

export function xmlResponse(xml: string): Response {
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
