import type { CaseFontRole } from "../../../contract/content.js";

/**
 * A catalogue font named by its family's slug (backend/catalogue/families.ts), optionally with a
 * weight: `noto-sans-sc@700`. Without a weight it is the family's default font. Resolved to a font
 * number when the content is seeded, so the content never depends on the numbering.
 */
export type FontRef = string;

export type BaikeTagName = "书体" | "书家" | "技法" | "术语";

export type BaikeSeed = {
  slug: string;
  tag: BaikeTagName;
  title: string;
  summary: string;
  bodyMarkdown: string;
  /** Catalogue fonts in the style the entry describes. */
  fonts?: FontRef[];
  updatedAt: string;
};

export type AlbumSeed = {
  slug: string;
  title: string;
  summary: string;
  bodyMarkdown: string;
  tags: string[];
  fonts: Array<{ font: FontRef; note: string }>;
  createdAt: string;
};

export type CaseSeed = {
  slug: string;
  title: string;
  summary: string;
  bodyMarkdown: string;
  tags: string[];
  usages: Array<{ role: CaseFontRole; font: FontRef; rationale: string }>;
  createdAt: string;
};

export type NewsSeed = {
  slug: string;
  title: string;
  summary: string;
  bodyMarkdown: string;
  tags: string[];
  author: string;
  fonts?: FontRef[];
  publishedAt: string;
};

export type VideoSeed = {
  slug: string;
  title: string;
  summary: string;
  bodyMarkdown: string;
  tags: string[];
  durationSeconds: number;
  fonts: FontRef[];
  publishedAt: string;
};

/** Where the cover (or poster) of an item lives; the artwork script draws one for every item. */
export function coverPath(kind: "albums" | "cases" | "news" | "videos", slug: string): string {
  return `/images/content/${kind}/${slug}.svg`;
}
