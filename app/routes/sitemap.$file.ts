import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapFile, urlSet } from "~/utils/seo/sitemap";
import { loadSitemap, xmlResponse } from "~/utils/seo/sitemap-response.server";
import { notFound } from "~/utils/responses.server";

/** GET /sitemap/{n}.xml: one file of a sitemap index. */
export async function loader(args: LoaderFunctionArgs) {
  const page = /^(\d{1,6})\.xml$/.exec(args.params.file ?? "")?.[1];
  const { origin, entries } = await loadSitemap(args);
  const file = page ? sitemapFile(entries, Number(page)) : null;
  if (!file) throw notFound("没有这个站点地图文件");
  return xmlResponse(urlSet(origin, file));
}
