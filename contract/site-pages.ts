import { z } from "zod";
import { FONT_GNO_PATTERN } from "./catalogue";
import { defineEndpoint, PUBLIC_READ_CACHE } from "./endpoint";
import { VARIABLE_GNO_PATTERN } from "./variable";

const isoDateTime = z.string().datetime({ offset: true });
const id = z.number().int().positive();

/** A page of an item and when the item last changed. */
const numbered = z.object({ id, lastModified: isoDateTime });
const fontPage = z.object({ fontGNo: z.string().regex(FONT_GNO_PATTERN), lastModified: isoDateTime });
const variableFontPage = z.object({ gno: z.string().regex(VARIABLE_GNO_PATTERN), lastModified: isoDateTime });

/** Every public item page of the site, for its sitemap: fonts, variable fonts, albums, 百科, cases, news and videos. */
export const sitePagesSchema = z.object({
  fonts: z.array(fontPage),
  variableFonts: z.array(variableFontPage),
  albums: z.array(numbered),
  baike: z.array(numbered),
  cases: z.array(numbered),
  news: z.array(numbered),
  videos: z.array(numbered),
});
export type SitePages = z.infer<typeof sitePagesSchema>;

export const getSitePages = defineEndpoint({
  method: "GET",
  path: "/web/api/site/pages",
  data: sitePagesSchema,
  auth: "none",
  publicCache: PUBLIC_READ_CACHE,
});

export const sitePagesEndpoints = { getSitePages };
