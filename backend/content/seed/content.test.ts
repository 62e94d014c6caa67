import { describe, expect, it } from "vitest";
import { CASE_FONT_ROLES } from "../../../contract/content.js";
import { FAMILY_SEEDS } from "../../catalogue/families.js";
import { markdownToPlainText } from "../plain-text.js";
import { ALBUM_SEEDS } from "./albums.js";
import { BAIKE_SEEDS } from "./baike.js";
import { CASE_SEEDS } from "./cases.js";
import { NEWS_SEEDS } from "./news.js";
import type { FontRef } from "./types.js";
import { VIDEO_SEEDS } from "./videos.js";

const ALL_ITEMS = [...BAIKE_SEEDS, ...ALBUM_SEEDS, ...CASE_SEEDS, ...NEWS_SEEDS, ...VIDEO_SEEDS];

/** Characters a reader reads: the Markdown's text without its marks and without white space. */
function readableLength(markdown: string): number {
  return Array.from(markdownToPlainText(markdown).replace(/\s+/g, "")).length;
}

describe("the site's content", () => {
  it("has the promised amount of each kind", () => {
    expect(BAIKE_SEEDS.length).toBeGreaterThanOrEqual(30);
    expect(ALBUM_SEEDS.length).toBeGreaterThanOrEqual(8);
    expect(CASE_SEEDS).toHaveLength(12);
    expect(NEWS_SEEDS).toHaveLength(12);
    expect(VIDEO_SEEDS).toHaveLength(6);
  });

  it("covers the scripts, the masters and the terms of the craft in the encyclopedia", () => {
    const titles = BAIKE_SEEDS.map((entry) => entry.title);
    for (const title of ["大篆", "小篆", "隶书", "楷书", "行书", "章草", "今草", "狂草"])
      expect(titles).toContain(title);
    for (const master of [
      "李斯",
      "蔡邕",
      "钟繇",
      "王羲之",
      "王献之",
      "欧阳询",
      "虞世南",
      "褚遂良",
      "颜真卿",
      "柳公权",
      "张旭",
      "怀素",
      "苏轼",
      "黄庭坚",
      "米芾",
      "蔡襄",
      "赵孟頫",
      "董其昌",
      "文徵明",
    ]) {
      expect(titles).toContain(master);
    }
    for (const term of [
      "笔法",
      "结体",
      "章法",
      "中锋",
      "侧锋",
      "藏锋",
      "露锋",
      "飞白",
      "碑与帖",
      "文房四宝",
      "永字八法",
    ]) {
      expect(titles.some((title) => title.includes(term))).toBe(true);
    }
    expect(new Set(BAIKE_SEEDS.map((entry) => entry.tag))).toEqual(new Set(["书体", "书家", "技法", "术语"]));
  });

  it("gives every encyclopedia entry a body of 300 to 800 characters", () => {
    for (const entry of BAIKE_SEEDS) {
      const length = readableLength(entry.bodyMarkdown);
      expect(length, entry.title).toBeGreaterThanOrEqual(300);
      expect(length, entry.title).toBeLessThanOrEqual(800);
    }
  });

  it("writes every item in Chinese, without raw HTML or placeholder text", () => {
    for (const item of ALL_ITEMS) {
      for (const text of [item.title, item.summary, item.bodyMarkdown]) {
        expect(text.trim(), item.slug).not.toBe("");
        expect(text, item.slug).toMatch(/[\u4e00-\u9fff]/);
        expect(text, item.slug).not.toMatch(/<\/?[a-z][^>]*>/i);
        expect(text, item.slug).not.toMatch(/lorem|ipsum|TODO|TBD|占位|待补充|示例文本|xxx/i);
      }
      expect(readableLength(item.bodyMarkdown), item.slug).toBeGreaterThanOrEqual(100);
    }
  });

  it("gives every item a unique slug within its kind", () => {
    for (const items of [BAIKE_SEEDS, ALBUM_SEEDS, CASE_SEEDS, NEWS_SEEDS, VIDEO_SEEDS]) {
      const slugs = items.map((item) => item.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it("dates the news in 2025 and 2026", () => {
    for (const article of NEWS_SEEDS) expect(article.publishedAt, article.slug).toMatch(/^202[56]-/);
  });

  it("names only fonts of the catalogue, three or more per album and a role for each in a case", () => {
    const slugs = new Set(FAMILY_SEEDS.map((family) => family.slug));
    const refs: FontRef[] = [
      ...ALBUM_SEEDS.flatMap((album) => album.fonts.map((font) => font.font)),
      ...CASE_SEEDS.flatMap((item) => item.usages.map((usage) => usage.font)),
      ...BAIKE_SEEDS.flatMap((entry) => entry.fonts ?? []),
      ...NEWS_SEEDS.flatMap((article) => article.fonts ?? []),
      ...VIDEO_SEEDS.flatMap((video) => video.fonts),
    ];
    for (const ref of refs) {
      expect(ref).toMatch(/^[a-z0-9-]+(@[1-9]00)?$/);
      expect(slugs, ref).toContain(ref.split("@")[0]);
    }
    for (const album of ALBUM_SEEDS) {
      expect(new Set(album.fonts.map((font) => font.font)).size, album.slug).toBeGreaterThanOrEqual(3);
      for (const font of album.fonts) expect(font.note.length, album.slug).toBeGreaterThan(10);
    }
    for (const item of CASE_SEEDS) {
      expect(item.title, item.slug).toMatch(/^示例方案/);
      expect(item.bodyMarkdown, item.slug).toContain("示例方案");
      expect(item.usages.length, item.slug).toBeGreaterThanOrEqual(2);
      for (const usage of item.usages) {
        expect(CASE_FONT_ROLES).toContain(usage.role);
        expect(usage.rationale.length, item.slug).toBeGreaterThan(10);
      }
    }
  });
});
