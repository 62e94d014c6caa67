import type { VideoDetail } from "@contract/content";
import type { Crumb } from "./breadcrumb";
import { breadcrumbJsonLd, siteOrigins, SITE_PUBLISHER, type SocialExtras } from "~/utils/seo/social-meta";

/** A detail page's title and description: `<title> - <kind> - 短视频字体`, or the not-found title. */
export function contentDetailMeta(kind: string, item: { title: string; summary: string } | undefined) {
  if (!item) return [{ title: "页面不存在 - 短视频字体" }];
  return [{ title: `${item.title} - ${kind} - 短视频字体` }, { name: "description", content: item.summary }];
}

type Matches = ReadonlyArray<{ id: string; data?: unknown }>;

/** An article of the site (资讯, 百科, 案例, 专辑) as shared links and search engines read it. */
export type ArticleFacts = {
  title: string;
  summary: string;
  /** Its cover, when it has one: the picture shared links show. */
  cover?: string;
  /** schema.org type, or none for a page that is a list of fonts rather than an article. */
  schemaType?: "NewsArticle" | "Article";
  author?: string;
  publishedAt: string;
  updatedAt?: string;
  /** The breadcrumb above its title, without the site's home and the page itself. */
  trail: Crumb[];
  path: string;
};

export function articleSocial(matches: Matches, article: ArticleFacts | undefined): SocialExtras {
  if (!article) return {};
  const { origin, asset } = siteOrigins(matches);
  // An SVG cover is shared as its PNG (/resources/cover.png): chat apps show no SVG picture.
  const image =
    article.cover?.endsWith(".svg") && article.cover.startsWith("/images/content/")
      ? `${origin}/resources/cover.png?src=${encodeURIComponent(article.cover)}`
      : article.cover && asset(article.cover);
  const jsonLd: object[] = [breadcrumbJsonLd(origin, [...article.trail, { to: article.path, label: article.title }])];
  if (article.schemaType) {
    jsonLd.unshift({
      "@context": "https://schema.org",
      "@type": article.schemaType,
      headline: article.title,
      description: article.summary,
      ...(image ? { image: [image] } : {}),
      datePublished: article.publishedAt,
      dateModified: article.updatedAt ?? article.publishedAt,
      author: article.author ? { "@type": "Person", name: article.author } : SITE_PUBLISHER,
      publisher: SITE_PUBLISHER,
      mainEntityOfPage: `${origin}${article.path}`,
      inLanguage: "zh-CN",
    });
  }
  return { type: "article", image, jsonLd };
}

/** ISO 8601 duration of `seconds`: `PT1M30S`. */
export function isoDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `PT${minutes > 0 ? `${minutes}M` : ""}${seconds % 60 > 0 || minutes === 0 ? `${seconds % 60}S` : ""}`;
}

/** A video page: its poster the shared picture, a VideoObject and its breadcrumb. */
export function videoSocial(matches: Matches, video: Omit<VideoDetail, "bodyMarkdown"> | undefined): SocialExtras {
  if (!video) return {};
  const { origin, asset } = siteOrigins(matches);
  const path = `/video/${video.id}`;
  const mp4 = video.streams.find((stream) => stream.type === "mp4");
  return {
    type: "video.other",
    image: video.poster,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "VideoObject",
        name: video.title,
        description: video.summary,
        thumbnailUrl: [asset(video.poster)],
        uploadDate: video.publishedAt,
        duration: isoDuration(video.durationSeconds),
        ...(mp4 ? { contentUrl: asset(mp4.url) } : {}),
        embedUrl: `${origin}/player?id=${video.id}`,
        publisher: SITE_PUBLISHER,
        inLanguage: "zh-CN",
      },
      breadcrumbJsonLd(origin, [
        { to: "/video", label: "视频" },
        { to: path, label: video.title },
      ]),
    ],
  };
}
