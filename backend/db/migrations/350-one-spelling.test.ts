import { sql, type Generated } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../database.js";
import { migrateTo, migrateToLatest } from "../migrate.js";
import { TEST_DATABASES } from "../testing/test-databases.js";

async function columnsOf(handle: DatabaseHandle, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by column_name`.execute(handle.db);
  return rows.map((row) => row.column_name);
}

describe.each(TEST_DATABASES)("migration 350-one-spelling on $name", (database) => {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (!database.available) return;
    const opened = await database.open();
    dispose = opened.dispose;
    handle = await openDatabase(
      opened.databaseUrl ? { kind: "postgres", url: opened.databaseUrl } : { kind: "memory" },
    );
  });

  afterAll(async () => {
    if (!database.available) return;
    await handle?.close();
    await dispose?.();
  });

  it.skipIf(!database.available)("keeps a database's licenses and favorite folders under the new names", async () => {
    await migrateTo(handle.db, "340-submission-claims");
    await sql`insert into licence (code, name, commercial_use, commercial_label) values ('OFL-1.1', 'SIL OFL 1.1', true, '免费商用')`.execute(
      handle.db,
    );
    const now = new Date().toISOString();
    const {
      rows: [user],
    } = await sql<{ id: number }>`
      insert into app_user (nickname, created_at, updated_at) values ('旧库用户', ${now}, ${now}) returning id`.execute(
      handle.db,
    );
    const {
      rows: [folder],
    } = await sql<{ id: number }>`
      insert into font_collection (user_id, name, is_default) values (${user!.id}, '默认收藏夹', true) returning id`.execute(
      handle.db,
    );
    await sql`insert into font_collection_item (collection_id, font_gno) values (${folder!.id}, '10001')`.execute(
      handle.db,
    );

    await migrateToLatest(handle.db);

    const db = handle.db.withTables<{
      license: { code: string; name: string };
      favorite_folder: { id: Generated<number>; user_id: number; name: string; is_default: boolean };
      favorite_font: { folder_id: number; font_gno: string };
    }>();
    expect(await db.selectFrom("license").select(["code", "name"]).execute()).toEqual([
      { code: "OFL-1.1", name: "SIL OFL 1.1" },
    ]);
    expect(await db.selectFrom("favorite_folder").select(["id", "name", "is_default"]).execute()).toEqual([
      { id: folder!.id, name: "默认收藏夹", is_default: true },
    ]);
    expect(await db.selectFrom("favorite_font").select(["folder_id", "font_gno"]).execute()).toEqual([
      { folder_id: folder!.id, font_gno: "10001" },
    ]);
    for (const table of ["font", "variable_font", "favorite_font"]) {
      expect(
        (await columnsOf(handle, table)).filter((name) => /licence|collection/.test(name)),
        table,
      ).toEqual([]);
    }
    expect(await columnsOf(handle, "font")).toEqual(expect.arrayContaining(["license_code", "license_text"]));

    // The keys came along: the sequence numbers the next folder, the default stays one per user,
    // and deleting a folder still takes its fonts with it.
    const next = await db
      .insertInto("favorite_folder")
      .values({ user_id: user!.id, name: "第二个", is_default: false })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(folder!.id);
    await expect(
      db.insertInto("favorite_folder").values({ user_id: user!.id, name: "第三个", is_default: true }).execute(),
    ).rejects.toThrow();
    await db.deleteFrom("favorite_folder").where("id", "=", folder!.id).execute();
    expect(await db.selectFrom("favorite_font").selectAll().execute()).toEqual([]);
  });

  it.skipIf(!database.available)("goes back to the old names", async () => {
    await migrateTo(handle.db, "340-submission-claims");
    expect(await columnsOf(handle, "font")).toEqual(expect.arrayContaining(["licence_code", "licence_text"]));
    expect(await columnsOf(handle, "font_collection_item")).toContain("collection_id");
    await migrateToLatest(handle.db);
    expect(await columnsOf(handle, "favorite_font")).toContain("folder_id");
  });
});
