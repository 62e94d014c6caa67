import { sql, type Kysely } from "kysely";

/**
 * Variable fonts (GET /api/v1/variable/*, POST /subset/web-variable-font), apart from the static
 * catalogue: each font is published as unicode-range slices of one variable font, and its axes and
 * named instances are what the subset files keep.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("variable_font")
    .addColumn("gno", "text", (c) => c.primaryKey())
    .addColumn("sort", "integer", (c) => c.notNull())
    .addColumn("package_name", "text", (c) => c.notNull())
    .addColumn("family_name", "text", (c) => c.notNull())
    .addColumn("name_zh", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().check(sql`category in ('hei', 'song', 'latin')`))
    .addColumn("featured", "boolean", (c) => c.notNull())
    .addColumn("sample_text", "text", (c) => c.notNull())
    .addColumn("codepoint_count", "integer", (c) => c.notNull())
    .addColumn("version", "text")
    .addColumn("copyright", "text")
    .addColumn("designer", "text")
    .addColumn("licence_code", "text", (c) => c.notNull())
    .addColumn("licence_name", "text", (c) => c.notNull())
    .addColumn("licence_url", "text")
    .addColumn("commercial_use", "boolean", (c) => c.notNull())
    .addColumn("commercial_label", "text", (c) => c.notNull())
    .addColumn("licence_source", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("variable_font_axis")
    .addColumn("font_gno", "text", (c) => c.notNull().references("variable_font.gno").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("tag", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("min_value", "double precision", (c) => c.notNull())
    .addColumn("default_value", "double precision", (c) => c.notNull())
    .addColumn("max_value", "double precision", (c) => c.notNull())
    .addColumn("hidden", "boolean", (c) => c.notNull())
    .addPrimaryKeyConstraint("variable_font_axis_pk", ["font_gno", "tag"])
    .execute();
  await db.schema.createIndex("variable_font_axis_tag_idx").on("variable_font_axis").column("tag").execute();

  await db.schema
    .createTable("variable_font_instance")
    .addColumn("font_gno", "text", (c) => c.notNull().references("variable_font.gno").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    /** JSON object: axis tag → value. */
    .addColumn("coordinates", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("variable_font_instance_pk", ["font_gno", "position"])
    .execute();

  await db.schema
    .createTable("variable_font_slice")
    .addColumn("font_gno", "text", (c) => c.notNull().references("variable_font.gno").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("slice_key", "text", (c) => c.notNull())
    /** The WOFF2 as published, a storage location (`npm:…`); decoded to TTF when first subset. */
    .addColumn("woff2_location", "text", (c) => c.notNull())
    /** `first-last` hexadecimal pairs joined by commas, e.g. `4e00-4e8c,ff01`. */
    .addColumn("codepoint_ranges", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("variable_font_slice_pk", ["font_gno", "position"])
    .execute();
}
