/** Favorite articles' values, without zod: the browser reads them too. */

export const ARTICLE_KINDS = ["news", "baike", "case", "video", "album"] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

export const ARTICLE_KIND_LABELS: Record<ArticleKind, string> = {
  news: "资讯",
  baike: "百科",
  case: "案例",
  video: "视频",
  album: "专辑",
};
