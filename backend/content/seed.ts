import { sql, type Kysely } from "kysely";
import { linkFamiliesToVideo } from "../catalogue/seed.js";
import type { Database } from "../db/schema.js";
import { markdownToPlainText } from "./plain-text.js";
import { indexDocument, type SearchDocument } from "./search-index.js";
import { ALBUM_SEEDS } from "./seed/albums.js";
import { BAIKE_SEEDS } from "./seed/baike.js";
import { CASE_SEEDS } from "./seed/cases.js";
import { NEWS_SEEDS } from "./seed/news.js";
import { coverPath, type FontRef } from "./seed/types.js";
import { VIDEO_MEDIA_RENDITIONS, videoMediaPaths } from "./seed/video-media.js";
import { VIDEO_SEEDS } from "./seed/videos.js";
import { contentDb, type ContentDb, type ContentKind } from "./tables.js";

/** Any constant shared by every process seeding the same database, other than the catalogue's. */
const SEED_LOCK_KEY = 20_250_200;

/** Resolves a FontRef to the font number the catalogue gave it, or null when it has no such font. */
type FontResolver = (ref: FontRef) => string | null;

/**
 * Adds the site's content to the database: every album, baike entry, case, article and video of
 * backend/content/seed/ whose slug is not there yet, with its tags, fonts and search document, and
 * (re)indexes the catalogue's font families for search. Run after the catalogue is seeded, on every
 * start: what is already there is left as it is, so a second run changes nothing and a later
 * version of the seed only adds what it adds.
 */
export async function seedContent(db: Kysely<Database>): Promise<{ inserted: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const content = contentDb(trx);
    const resolve = await fontResolver(content);
    const inserted =
      (await seedBaike(content, resolve)) +
      (await seedAlbums(content, resolve)) +
      (await seedCases(content, resolve)) +
      (await seedNews(content, resolve)) +
      (await seedVideos(content, resolve));
    await attachVideoMedia(content, trx);
    await indexFontFamilies(content);
    return { inserted };
  });
}

async function fontResolver(db: ContentDb): Promise<FontResolver> {
  const fonts = await db
    .selectFrom("font")
    .innerJoin("font_family", "font_family.id", "font.family_id")
    .select(["font.gno", "font.weight", "font.is_default", "font_family.slug"])
    .execute();
  return (ref) => {
    const [slug, weight] = ref.split("@");
    const font = fonts.find(
      (candidate) =>
        candidate.slug === slug && (weight === undefined ? candidate.is_default : candidate.weight === Number(weight)),
    );
    if (!font) console.warn(`内容引用的字体 ${ref} 不在字体库中，已略过`);
    return font?.gno ?? null;
  };
}

function resolveAll(resolve: FontResolver, refs: readonly FontRef[]): string[] {
  return [...new Set(refs.map(resolve).filter((gno): gno is string => gno !== null))];
}

/** The ids of the tags `names` of `kind`, created in the given order when missing. */
async function tagIds(db: ContentDb, kind: ContentKind, names: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  const existing = await db.selectFrom("content_tag").select(["name"]).where("kind", "=", kind).execute();
  const known = new Set(existing.map((row) => row.name));
  const { max } = await db
    .selectFrom("content_tag")
    .select((eb) => eb.fn.max("sort").as("max"))
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  const missing = unique.filter((name) => !known.has(name));
  if (missing.length > 0) {
    await db
      .insertInto("content_tag")
      .values(missing.map((name, index) => ({ kind, name, sort: Number(max ?? 0) + index + 1 })))
      .execute();
  }
  const rows = await db.selectFrom("content_tag").select(["id", "name"]).where("kind", "=", kind).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Whether an item with `slug` is in `table` already. */
async function hasSlug(db: ContentDb, table: SeedKind<{ slug: string }>["table"], slug: string): Promise<boolean> {
  const row = await db.selectFrom(table).select("slug").where("slug", "=", slug).executeTakeFirst();
  return row !== undefined;
}

function searchBody(...parts: string[]): string {
  return parts.map(markdownToPlainText).join("\n");
}

/**
 * One kind of content as the seed adds it: its items, the table their slugs are in, where their tags
 * go, what one item's rows are and its search document.
 */
type SeedKind<Item extends { slug: string }> = {
  items: readonly Item[];
  table: "album" | "baike_entry" | "font_case" | "news_article" | "video";
  tagKind: ContentKind;
  tagsOf: (item: Item) => readonly string[];
  /** The table linking an item to its tags; none when the item's row holds its one tag. */
  tagLinks?: { table: "album_tag" | "font_case_tag" | "news_article_tag" | "video_tag"; column: TagLinkColumn };
  /** Inserts the item's row (and the rows of its fonts) and answers its id. */
  insert: (db: ContentDb, item: Item, context: { index: number; tags: Map<string, number> }) => Promise<number>;
  document: (item: Item, id: number) => Omit<SearchDocument, "refId">;
};

type TagLinkColumn = "album_id" | "case_id" | "news_id" | "video_id";

/** Adds the items of one kind whose slug is not in the database yet; answers how many. */
async function seedKind<Item extends { slug: string }>(db: ContentDb, kind: SeedKind<Item>): Promise<number> {
  const tags = await tagIds(db, kind.tagKind, kind.items.flatMap(kind.tagsOf));
  let inserted = 0;
  for (const [index, item] of kind.items.entries()) {
    if (await hasSlug(db, kind.table, item.slug)) continue;
    const id = await kind.insert(db, item, { index, tags });
    if (kind.tagLinks) await linkTags(db, kind.tagLinks.table, kind.tagLinks.column, id, kind.tagsOf(item), tags);
    await indexDocument(db, { ...kind.document(item, id), refId: String(id) });
    inserted++;
  }
  return inserted;
}

function seedBaike(db: ContentDb, resolve: FontResolver): Promise<number> {
  return seedKind(db, {
    items: BAIKE_SEEDS,
    table: "baike_entry",
    tagKind: "baike",
    tagsOf: (entry) => [entry.tag],
    insert: async (db, entry, { index, tags }) => {
      const { id } = await db
        .insertInto("baike_entry")
        .values({
          slug: entry.slug,
          tag_id: tags.get(entry.tag)!,
          title: entry.title,
          summary: entry.summary,
          body_markdown: entry.bodyMarkdown,
          sort: index + 1,
          font_gnos: resolveAll(resolve, entry.fonts ?? []),
          updated_at: entry.updatedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    },
    document: (entry, id) => ({
      kind: "baike",
      title: entry.title,
      body: searchBody(entry.summary, entry.bodyMarkdown),
      cover: null,
      path: `/baike/${id}`,
      publishedAt: entry.updatedAt,
    }),
  });
}

function seedAlbums(db: ContentDb, resolve: FontResolver): Promise<number> {
  return seedKind(db, {
    items: ALBUM_SEEDS,
    table: "album",
    tagKind: "album",
    tagsOf: (album) => album.tags,
    tagLinks: { table: "album_tag", column: "album_id" },
    insert: async (db, album) => {
      const { id } = await db
        .insertInto("album")
        .values({
          slug: album.slug,
          title: album.title,
          summary: album.summary,
          body_markdown: album.bodyMarkdown,
          cover: coverPath("albums", album.slug),
          created_at: album.createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const fonts = album.fonts.flatMap(({ font, note }) => {
        const gno = resolve(font);
        return gno ? [{ gno, note }] : [];
      });
      if (fonts.length > 0) {
        await db
          .insertInto("album_font")
          .values(fonts.map(({ gno, note }, index) => ({ album_id: id, font_gno: gno, note, sort: index + 1 })))
          .execute();
      }
      return id;
    },
    document: (album, id) => ({
      kind: "albums",
      title: album.title,
      body: searchBody(album.summary, album.bodyMarkdown, ...album.fonts.map((font) => font.note)),
      cover: coverPath("albums", album.slug),
      path: `/album/${id}`,
      publishedAt: album.createdAt,
    }),
  });
}

function seedCases(db: ContentDb, resolve: FontResolver): Promise<number> {
  return seedKind(db, {
    items: CASE_SEEDS,
    table: "font_case",
    tagKind: "case",
    tagsOf: (item) => item.tags,
    tagLinks: { table: "font_case_tag", column: "case_id" },
    insert: async (db, item) => {
      const { id } = await db
        .insertInto("font_case")
        .values({
          slug: item.slug,
          title: item.title,
          summary: item.summary,
          body_markdown: item.bodyMarkdown,
          cover: coverPath("cases", item.slug),
          example: true,
          created_at: item.createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const usages = item.usages.flatMap((usage) => {
        const gno = resolve(usage.font);
        return gno ? [{ ...usage, gno }] : [];
      });
      if (usages.length > 0) {
        await db
          .insertInto("font_case_font")
          .values(
            usages.map((usage, index) => ({
              case_id: id,
              sort: index + 1,
              font_gno: usage.gno,
              role: usage.role,
              rationale: usage.rationale,
            })),
          )
          .execute();
      }
      return id;
    },
    document: (item, id) => ({
      kind: "cases",
      title: item.title,
      body: searchBody(item.summary, item.bodyMarkdown, ...item.usages.map((usage) => usage.rationale)),
      cover: coverPath("cases", item.slug),
      path: `/case/${id}`,
      publishedAt: item.createdAt,
    }),
  });
}

function seedNews(db: ContentDb, resolve: FontResolver): Promise<number> {
  return seedKind(db, {
    items: NEWS_SEEDS,
    table: "news_article",
    tagKind: "news",
    tagsOf: (article) => article.tags,
    tagLinks: { table: "news_article_tag", column: "news_id" },
    insert: async (db, article) => {
      const { id } = await db
        .insertInto("news_article")
        .values({
          slug: article.slug,
          title: article.title,
          summary: article.summary,
          body_markdown: article.bodyMarkdown,
          cover: coverPath("news", article.slug),
          author: article.author,
          font_gnos: resolveAll(resolve, article.fonts ?? []),
          published_at: article.publishedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    },
    document: (article, id) => ({
      kind: "news",
      title: article.title,
      body: searchBody(article.summary, article.bodyMarkdown),
      cover: coverPath("news", article.slug),
      path: `/news/${id}`,
      publishedAt: article.publishedAt,
    }),
  });
}

function seedVideos(db: ContentDb, resolve: FontResolver): Promise<number> {
  return seedKind(db, {
    items: VIDEO_SEEDS,
    table: "video",
    tagKind: "video",
    tagsOf: (video) => video.tags,
    tagLinks: { table: "video_tag", column: "video_id" },
    insert: async (db, video) => {
      const { id } = await db
        .insertInto("video")
        .values({
          slug: video.slug,
          title: video.title,
          summary: video.summary,
          body_markdown: video.bodyMarkdown,
          poster: videoMediaPaths(video.slug).poster,
          duration_seconds: video.durationSeconds,
          font_gnos: resolveAll(resolve, video.fonts),
          published_at: video.publishedAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    },
    document: (video, id) => ({
      kind: "videos",
      title: video.title,
      body: searchBody(video.summary, video.bodyMarkdown),
      cover: videoMediaPaths(video.slug).poster,
      path: `/video/${id}`,
      publishedAt: video.publishedAt,
    }),
  });
}

/**
 * Gives each seeded video that has no streams yet its media (public/media, `npm run media`): the
 * HLS master playlist and the MP4, the poster taken from the clip in place of the drawn cover, and
 * the MP4 as the demonstration video of every font family it shows that has none yet. Videos
 * seeded before their media existed get them on the next start.
 */
async function attachVideoMedia(db: ContentDb, catalogue: Kysely<Database>): Promise<void> {
  const largest = VIDEO_MEDIA_RENDITIONS[0];
  const videos = await db
    .selectFrom("video")
    .select(["id", "slug", "font_gnos"])
    .where(
      "slug",
      "in",
      VIDEO_SEEDS.map((video) => video.slug),
    )
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom("video_stream").select("video_id").whereRef("video_stream.video_id", "=", "video.id")),
      ),
    )
    .orderBy("id")
    .execute();
  for (const video of videos) {
    const media = videoMediaPaths(video.slug);
    await db
      .insertInto("video_stream")
      .values([
        { video_id: video.id, sort: 1, type: "hls", url: media.master, width: largest.width, height: largest.height },
        { video_id: video.id, sort: 2, type: "mp4", url: media.mp4, width: largest.width, height: largest.height },
      ])
      .execute();
    await db
      .updateTable("video")
      .set({ poster: media.poster })
      .where("id", "=", video.id)
      .where("poster", "=", coverPath("videos", video.slug))
      .execute();
    await linkFamiliesToVideo(catalogue, video.font_gnos, media.mp4);
  }
}

async function linkTags(
  db: ContentDb,
  table: NonNullable<SeedKind<{ slug: string }>["tagLinks"]>["table"],
  column: TagLinkColumn,
  itemId: number,
  names: readonly string[],
  tags: Map<string, number>,
): Promise<void> {
  const ids = [...new Set(names.map((name) => tags.get(name)!))];
  if (ids.length === 0) return;
  await sql`
    insert into ${sql.table(table)} (${sql.ref(column)}, tag_id)
    select ${itemId}, tag_id from unnest(cast(${ids} as integer[])) as tag_id
  `.execute(db);
}

/**
 * One search document per font family (its default font), from the catalogue as it is now; the
 * families it no longer has leave the index.
 */
async function indexFontFamilies(db: ContentDb): Promise<void> {
  const families = await db
    .selectFrom("font_family")
    .innerJoin("font", (join) => join.onRef("font.family_id", "=", "font_family.id").on("font.is_default", "=", true))
    .select([
      "font.gno",
      "font.designer",
      "font.foundry",
      "font_family.id",
      "font_family.name_zh",
      "font_family.name_en",
      "font_family.description",
      "font_family.created_at",
    ])
    .execute();
  const tags = await db
    .selectFrom("font_family_tag")
    .innerJoin("tag", "tag.id", "font_family_tag.tag_id")
    .select(["font_family_tag.family_id", "tag.name"])
    .execute();
  const styles = await db
    .selectFrom("font_family_style")
    .innerJoin("style_category", "style_category.code", "font_family_style.style_code")
    .select(["font_family_style.family_id", "style_category.name"])
    .execute();

  const indexed = families.map((family) => family.gno);
  await db
    .deleteFrom("search_document")
    .where("kind", "=", "fonts")
    .$if(indexed.length > 0, (query) => query.where("ref_id", "not in", indexed))
    .execute();
  for (const family of families) {
    const words = [
      ...tags.filter((tag) => tag.family_id === family.id).map((tag) => tag.name),
      ...styles.filter((style) => style.family_id === family.id).map((style) => style.name),
    ];
    await indexDocument(db, {
      kind: "fonts",
      refId: family.gno,
      title: family.name_zh,
      body: [family.name_en, family.description, words.join(" "), family.designer ?? "", family.foundry ?? ""]
        .filter(Boolean)
        .join("\n"),
      cover: null,
      path: `/font/${family.gno}`,
      publishedAt: new Date(family.created_at).toISOString(),
    });
  }
}
