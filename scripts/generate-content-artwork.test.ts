import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { ALBUM_SEEDS } from "../backend/content/seed/albums.js";
import { CASE_SEEDS } from "../backend/content/seed/cases.js";
import { NEWS_SEEDS } from "../backend/content/seed/news.js";
import { coverPath } from "../backend/content/seed/types.js";
import { VIDEO_SEEDS } from "../backend/content/seed/videos.js";
import { contentArtwork } from "./generate-content-artwork.js";

const PUBLIC_DIRECTORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../public");

it("has every cover and poster drawn, as the artwork script draws it", () => {
  const artwork = contentArtwork();
  const expected = [
    ...ALBUM_SEEDS.map((album) => coverPath("albums", album.slug)),
    ...CASE_SEEDS.map((item) => coverPath("cases", item.slug)),
    ...NEWS_SEEDS.map((article) => coverPath("news", article.slug)),
    ...VIDEO_SEEDS.map((video) => coverPath("videos", video.slug)),
  ];
  expect([...artwork.keys()].sort()).toEqual([...expected].sort());
  for (const [picture, svg] of artwork) {
    const file = path.join(PUBLIC_DIRECTORY, picture);
    expect(fs.existsSync(file), `${picture}: run npx tsx scripts/generate-content-artwork.ts`).toBe(true);
    expect(fs.readFileSync(file, "utf8"), picture).toBe(svg);
    expect(svg).not.toMatch(/<text|<image|href=/);
  }
});
