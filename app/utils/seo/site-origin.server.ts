import { websiteConfig } from "~/config.server";

/** SITE_URL, or the origin the visitor asked for (the page cache keeps pages per host). */
export function siteOrigin(request: Request): string {
  return websiteConfig.siteUrl || new URL(request.url).origin;
}
