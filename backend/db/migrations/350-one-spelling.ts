import { sql, type Kysely } from "kysely";

/**
 * One spelling per name (decision 029): the license tables and columns say `license`, the user's
 * folders of favorite fonts are `favorite_folder` and the fonts in them `favorite_font`. Rows,
 * keys and sequences stay as they are; only names change.
 */
const RENAMES: Array<{ old: string; new: string; kind: "table" | "index" | "sequence" } | ColumnRename> = [
  { kind: "table", old: "licence", new: "license" },
  { kind: "index", old: "licence_pkey", new: "license_pkey" },
  ...["code", "url", "source", "text"].map((part) => column("font", `licence_${part}`, `license_${part}`)),
  ...["code", "name", "url", "source"].map((part) => column("variable_font", `licence_${part}`, `license_${part}`)),
  { kind: "table", old: "font_collection", new: "favorite_folder" },
  { kind: "index", old: "font_collection_pkey", new: "favorite_folder_pkey" },
  { kind: "sequence", old: "font_collection_id_seq", new: "favorite_folder_id_seq" },
  { kind: "index", old: "font_collection_user_idx", new: "favorite_folder_user_idx" },
  { kind: "index", old: "font_collection_default_key", new: "favorite_folder_default_key" },
  { kind: "index", old: "font_collection_user_name_key", new: "favorite_folder_user_name_key" },
  { kind: "table", old: "font_collection_item", new: "favorite_font" },
  { kind: "index", old: "font_collection_item_pk", new: "favorite_font_pk" },
  column("favorite_font", "collection_id", "folder_id"),
];

/** A column of `table`, named as the table is called once the renames before it ran. */
type ColumnRename = { kind: "column"; table: string; old: string; new: string };

function column(table: string, old: string, renamed: string): ColumnRename {
  return { kind: "column", table, old, new: renamed };
}

async function rename(db: Kysely<any>, from: "old" | "new"): Promise<void> {
  const to = from === "old" ? "new" : "old";
  const steps = from === "old" ? RENAMES : [...RENAMES].reverse();
  for (const step of steps) {
    if (step.kind === "column") {
      await db.schema.alterTable(step.table).renameColumn(step[from], step[to]).execute();
    } else if (step.kind === "table") {
      await db.schema.alterTable(step[from]).renameTo(step[to]).execute();
    } else {
      await sql`alter ${sql.raw(step.kind)} ${sql.id(step[from])} rename to ${sql.id(step[to])}`.execute(db);
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await rename(db, "old");
}

export async function down(db: Kysely<any>): Promise<void> {
  await rename(db, "new");
}
