import { sql, type Kysely } from "kysely";

/**
 * Editorial content (albums, baike entries, cases, news, videos), the contact message board and
 * the search index over them and the catalogue.
 *
 * Content names catalogue fonts by gno without a foreign key, as collections do, so a catalogue
 * re-import leaves the content in place; reads join the catalogue and skip fonts it no longer has.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("content_tag")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('album', 'baike', 'case', 'news', 'video')`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .addUniqueConstraint("content_tag_kind_name_key", ["kind", "name"])
    .execute();

  await db.schema
    .createTable("album")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("body_markdown", "text", (c) => c.notNull())
    .addColumn("cover", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("album_font")
    .addColumn("album_id", "integer", (c) => c.notNull().references("album.id").onDelete("cascade"))
    .addColumn("font_gno", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("album_font_pk", ["album_id", "font_gno"])
    .execute();

  await db.schema
    .createTable("baike_entry")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("tag_id", "integer", (c) => c.notNull().references("content_tag.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("body_markdown", "text", (c) => c.notNull())
    /** Reading order within the tag. */
    .addColumn("sort", "integer", (c) => c.notNull())
    .addColumn("font_gnos", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("baike_entry_tag_idx").on("baike_entry").columns(["tag_id", "sort"]).execute();

  await db.schema
    .createTable("font_case")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("body_markdown", "text", (c) => c.notNull())
    .addColumn("cover", "text", (c) => c.notNull())
    .addColumn("example", "boolean", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("font_case_font")
    .addColumn("case_id", "integer", (c) => c.notNull().references("font_case.id").onDelete("cascade"))
    .addColumn("sort", "integer", (c) => c.notNull())
    .addColumn("font_gno", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('封面', '标题', '字幕', '花字')`))
    .addColumn("rationale", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("font_case_font_pk", ["case_id", "sort"])
    .execute();
  await db.schema.createIndex("font_case_font_gno_idx").on("font_case_font").column("font_gno").execute();

  await db.schema
    .createTable("news_article")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("body_markdown", "text", (c) => c.notNull())
    .addColumn("cover", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("font_gnos", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("published_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("video")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("body_markdown", "text", (c) => c.notNull())
    .addColumn("poster", "text", (c) => c.notNull())
    .addColumn("duration_seconds", "integer", (c) => c.notNull().check(sql`duration_seconds > 0`))
    .addColumn("font_gnos", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("published_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("video_stream")
    .addColumn("video_id", "integer", (c) => c.notNull().references("video.id").onDelete("cascade"))
    .addColumn("sort", "integer", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('hls', 'mp4')`))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addPrimaryKeyConstraint("video_stream_pk", ["video_id", "sort"])
    .execute();

  for (const [table, column, target] of [
    ["album_tag", "album_id", "album"],
    ["font_case_tag", "case_id", "font_case"],
    ["news_article_tag", "news_id", "news_article"],
    ["video_tag", "video_id", "video"],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(column, "integer", (c) => c.notNull().references(`${target}.id`).onDelete("cascade"))
      .addColumn("tag_id", "integer", (c) => c.notNull().references("content_tag.id").onDelete("cascade"))
      .addPrimaryKeyConstraint(`${table}_pk`, [column, "tag_id"])
      .execute();
    await db.schema.createIndex(`${table}_tag_idx`).on(table).column("tag_id").execute();
  }

  await db.schema
    .createTable("message_board")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("email", "text")
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One row per searchable item. `document` holds the jieba-segmented title (weight A) and body
  // (weight B) under the `simple` configuration: PostgreSQL's own parsers cannot split Chinese into
  // words, so the words are split before they reach it, and `simple` keeps them as they are.
  await db.schema
    .createTable("search_document")
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('fonts', 'albums', 'baike', 'cases', 'news', 'videos')`),
    )
    .addColumn("ref_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    /** Plain text (Markdown stripped), for snippets. */
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("cover", "text")
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("published_at", "timestamptz", (c) => c.notNull())
    .addColumn("document", sql`tsvector`, (c) => c.notNull())
    .addPrimaryKeyConstraint("search_document_pk", ["kind", "ref_id"])
    .execute();
  await sql`create index search_document_document_idx on search_document using gin (document)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "search_document",
    "message_board",
    "video_tag",
    "news_article_tag",
    "font_case_tag",
    "album_tag",
    "video_stream",
    "video",
    "news_article",
    "font_case_font",
    "font_case",
    "baike_entry",
    "album_font",
    "album",
    "content_tag",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
