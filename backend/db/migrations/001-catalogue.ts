import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("style_category")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("image_dark", "text", (c) => c.notNull())
    .addColumn("image_light", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("licence")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("commercial_use", "boolean", (c) => c.notNull())
    .addColumn("commercial_label", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("charset")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("font_family")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name_zh", "text", (c) => c.notNull())
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("pinyin", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("video_url", "text")
    .addColumn("recommend_sort", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("font")
    .addColumn("gno", "text", (c) => c.primaryKey().check(sql`gno ~ '^[0-9]+$'`))
    .addColumn("family_id", "integer", (c) => c.notNull().references("font_family.id").onDelete("cascade"))
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("style_name", "text", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull())
    .addColumn("weight_name", "text", (c) => c.notNull())
    .addColumn("is_default", "boolean", (c) => c.notNull())
    .addColumn("file_location", "text", (c) => c.notNull())
    .addColumn("file_size", "integer", (c) => c.notNull())
    .addColumn("woff2_location", "text")
    .addColumn("version", "text")
    .addColumn("copyright", "text")
    .addColumn("designer", "text")
    .addColumn("foundry", "text")
    .addColumn("licence_code", "text", (c) => c.notNull().references("licence.code"))
    .addColumn("licence_url", "text")
    .addColumn("licence_source", "text", (c) => c.notNull())
    .addColumn("licence_text", "text", (c) => c.notNull())
    .addColumn("glyph_count", "integer", (c) => c.notNull())
    .addColumn("codepoint_count", "integer", (c) => c.notNull())
    .addColumn("downloads", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("font_family_id_idx").on("font").column("family_id").execute();

  await db.schema
    .createTable("font_family_style")
    .addColumn("family_id", "integer", (c) => c.notNull().references("font_family.id").onDelete("cascade"))
    .addColumn("style_code", "text", (c) => c.notNull().references("style_category.code"))
    .addPrimaryKeyConstraint("font_family_style_pk", ["family_id", "style_code"])
    .execute();

  await db.schema
    .createTable("tag")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("sort", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("font_family_tag")
    .addColumn("family_id", "integer", (c) => c.notNull().references("font_family.id").onDelete("cascade"))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tag.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("font_family_tag_pk", ["family_id", "tag_id"])
    .execute();

  await db.schema
    .createTable("font_charset")
    .addColumn("font_gno", "text", (c) => c.notNull().references("font.gno").onDelete("cascade"))
    .addColumn("charset_code", "text", (c) => c.notNull().references("charset.code"))
    .addColumn("covered", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("font_charset_pk", ["font_gno", "charset_code"])
    .execute();

  await db.schema
    .createTable("font_codepoint_range")
    .addColumn("font_gno", "text", (c) => c.notNull().references("font.gno").onDelete("cascade"))
    .addColumn("range_start", "integer", (c) => c.notNull())
    .addColumn("range_end", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("font_codepoint_range_pk", ["font_gno", "range_start"])
    .addCheckConstraint("font_codepoint_range_order", sql`range_start <= range_end`)
    .execute();

  await db.schema
    .createTable("dictionary")
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("dict_number", "text", (c) => c.notNull())
    .addColumn("dict_name", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("dictionary_pk", ["category", "dict_number"])
    .execute();

  await db.schema
    .createTable("hot_keyword")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("keyword", "text", (c) => c.notNull().unique())
    .addColumn("sort", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("friend_link")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("link_type", "smallint", (c) => c.notNull().check(sql`link_type in (1, 2)`))
    .addColumn("sort", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("web_column")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('header', 'footer')`))
    .addColumn("sort", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("advert")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("position", "text", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "advert",
    "web_column",
    "friend_link",
    "hot_keyword",
    "dictionary",
    "font_codepoint_range",
    "font_charset",
    "font_family_tag",
    "tag",
    "font_family_style",
    "font",
    "font_family",
    "charset",
    "licence",
    "style_category",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
