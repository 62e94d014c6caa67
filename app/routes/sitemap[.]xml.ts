import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapFileCount, sitemapIndex, urlSet } from "~/utils/seo/sitemap";
import { loadSitemap, xmlResponse } from "~/utils/seo/sitemap-response.server";

/** GET /sitemap.xml: every public page, or an index of /sitemap/1.xml … once they no longer fit one file. */
export async function loader(args: LoaderFunctionArgs) {
  const { origin, entries } = await loadSitemap(args);
  return xmlResponse(sitemapFileCount(entries.length) > 1 ? sitemapIndex(origin, entries) : urlSet(origin, entries));
}
