import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import type { RootData } from "~/utils/root-data";
import { staticUrl } from "~/utils/misc";

/**
 * What search engines and shared links read of a page: its canonical address, the Open Graph and
 * Twitter card tags, and structured data (JSON-LD), added to the title and description each route's
 * meta function writes.
 */

/** Parameters that change how a page looks or who sent the visitor, not which page it is. */
const NON_CANONICAL_PARAMS = new Set([
  "text",
  "size",
  "theme",
  "layout",
  "download",
  "share",
  "faces",
  "index",
  "_data",
  "from",
  "spm",
  "ref",
  "fbclid",
  "gclid",
  "msclkid",
  "share_token",
]);

/** The page's address as search engines should know it: without `.html`, tracking or preview parameters. */
export function canonicalPath(pathname: string, search: string): string {
  const path = pathname.replace(/\.html$/, "").replace(/(.)\/+$/, "$1") || "/";
  const kept = [...new URLSearchParams(search)]
    .filter(([name, value]) => value !== "" && !NON_CANONICAL_PARAMS.has(name) && !name.startsWith("utm_"))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length > 0 ? `${path}?${new URLSearchParams(kept)}` : path;
}

/** The site's public origin and static-file base, from the root loader. */
export function siteOrigins(matches: ReadonlyArray<{ id: string; data?: unknown }>): {
  origin: string;
  asset: (path: string) => string;
} {
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  const origin = root?.origin ?? "";
  const staticBase = root?.env.staticBase || origin;
  return { origin, asset: (path) => absolute(staticUrl(path, staticBase), origin) };
}

function absolute(url: string, origin: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** The picture shared links show for pages without one of their own (1200×630). */
export const DEFAULT_SHARE_IMAGE = "/images/social/share-default.png";

export type SocialExtras = {
  /** The page's own picture (a path on this site or a full address); the site's picture otherwise. */
  image?: string;
  type?: "website" | "article" | "video.other";
  /** Structured data (schema.org objects) for the page. */
  jsonLd?: object[];
};

type MetaArgsOf<L> = Parameters<MetaFunction<L>>[0];

/**
 * Wraps a route's meta function: keeps its title and description and adds the canonical link, and on a
 * page search engines may index (no `robots: noindex`) `og:*`, `twitter:*` and the page's JSON-LD.
 */
export function withSocialMeta<L = unknown>(
  pageMeta: MetaFunction<L>,
  extras?: (args: MetaArgsOf<L>) => SocialExtras,
): MetaFunction<L> {
  return (args) => {
    const descriptors = pageMeta(args) ?? [];
    const { origin, asset } = siteOrigins(args.matches);
    const url = `${origin}${canonicalPath(args.location.pathname, args.location.search)}`;
    const tags: MetaDescriptor[] = [...descriptors, { tagName: "link", rel: "canonical", href: url }];
    const noindex = descriptors.some((descriptor) => "name" in descriptor && descriptor.name === "robots");
    if (noindex || args.error) return tags;
    const title = valueOf(descriptors, (descriptor) => descriptor.title);
    const description = valueOf(descriptors, (descriptor) =>
      descriptor.name === "description" ? descriptor.content : undefined,
    );
    const { image = DEFAULT_SHARE_IMAGE, type = "website", jsonLd = [] } = extras?.(args) ?? {};
    const shownTitle = (title ?? "短视频字体").replace(/ - 短视频字体$/, "");
    tags.push(
      { property: "og:site_name", content: "短视频字体" },
      { property: "og:type", content: type },
      { property: "og:url", content: url },
      { property: "og:title", content: shownTitle },
      ...(description ? [{ property: "og:description", content: description }] : []),
      { property: "og:image", content: asset(image) },
      { property: "og:locale", content: "zh_CN" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: shownTitle },
      ...(description ? [{ name: "twitter:description", content: description }] : []),
      { name: "twitter:image", content: asset(image) },
      ...jsonLd.map((data) => ({ "script:ld+json": data })),
    );
    return tags;
  };
}

function valueOf(
  descriptors: MetaDescriptor[],
  pick: (descriptor: Record<string, unknown>) => unknown,
): string | undefined {
  for (const descriptor of descriptors) {
    const value = pick(descriptor as Record<string, unknown>);
    if (typeof value === "string") return value;
  }
  return undefined;
}

/** A trail of pages above this one, the site's home first and the page itself last, as schema.org reads it. */
export function breadcrumbJsonLd(origin: string, trail: Array<{ to: string; label: string }>): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [{ to: "/", label: "首页" }, ...trail].map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: `${origin}${crumb.to}`,
    })),
  };
}

export const SITE_PUBLISHER = { "@type": "Organization", name: "短视频字体" } as const;
