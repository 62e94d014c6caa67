import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAMILY_SEEDS } from "../catalogue/families.js";
import { seedCatalogue } from "../catalogue/seed.js";
import { createBackend } from "../index.js";
import { FontStorage } from "../storage/font-storage.js";
import { openDatabase, pgliteDirectory, type DatabaseHandle } from "./database.js";
import { migrateToLatest } from "./migrate.js";
import { TEST_DATABASES } from "./testing/test-databases.js";

describe.each(TEST_DATABASES)("database on $name", (database) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (!database.available) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "database-test-"));
    const opened = await database.open();
    dispose = opened.dispose;
    // PGlite on disk here, so that the last test can reopen what was seeded.
    handle = await openDatabase(
      opened.databaseUrl
        ? { kind: "postgres", url: opened.databaseUrl }
        : { kind: "pglite", directory: pgliteDirectory(dataDir) },
    );
  });

  afterAll(async () => {
    if (!database.available) return;
    await handle?.close();
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!database.available)("migrates idempotently and records each migration once", async () => {
    await migrateToLatest(handle.db);
    await migrateToLatest(handle.db);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
    expect(rows.map((row) => row.name)).toContain("001-catalogue");
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
  });

  it.skipIf(!database.available)("seeds once even when two seeders race", async () => {
    const storage = new FontStorage(dataDir);
    const results = await Promise.all([seedCatalogue(handle.db, storage), seedCatalogue(handle.db, storage)]);
    expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
    const count = async (table: "font" | "font_family" | "style_category") =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("font")).toBe(FAMILY_SEEDS.reduce((sum, family) => sum + family.files.length, 0));
    expect(await count("font_family")).toBe(FAMILY_SEEDS.length);
    expect(await count("style_category")).toBe(38);
    expect(await seedCatalogue(handle.db, storage)).toEqual({ seeded: false });
  });

  it.skipIf(!database.available)(
    "stores the cmap of each family's default font as ranges and finds code points in them",
    async () => {
      const stored = await sql<{ font_gno: string; is_default: boolean }>`
      select distinct r.font_gno, f.is_default from font_codepoint_range r join font f on f.gno = r.font_gno`.execute(
        handle.db,
      );
      expect(stored.rows).toHaveLength(FAMILY_SEEDS.length);
      expect(stored.rows.every((row) => row.is_default)).toBe(true);
      // 你: in every Chinese font, missing from most of the Japanese ones.
      const covering = await sql<{ font_gno: string }>`
      select distinct font_gno from font_codepoint_range
      where ${0x4f60} between range_start and range_end order by font_gno`.execute(handle.db);
      expect(covering.rows.length).toBeGreaterThanOrEqual(12);
      expect(covering.rows.length).toBeLessThan(FAMILY_SEEDS.length);
    },
  );

  it.skipIf(!database.available)("rolls a failed transaction back", async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.updateTable("font").set({ views: 123_456 }).where("gno", "=", "10001").execute();
        throw new Error("abandon");
      }),
    ).rejects.toThrow("abandon");
    const font = await handle.db
      .selectFrom("font")
      .select("views")
      .where("gno", "=", "10001")
      .executeTakeFirstOrThrow();
    expect(font.views).not.toBe(123_456);
    const result = await handle.db.updateTable("font").set({ views: 7 }).where("family_id", "=", 1).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(9n);
  });

  it.skipIf(database.name !== "PGlite")(
    "keeps the catalogue and its counters across restarts without seeding again",
    async () => {
      await handle.db.updateTable("font").set({ views: 4242 }).where("gno", "=", "10027").execute();
      await handle.close();
      await expect(fs.stat(path.join(dataDir, "fonts", "unifontex-latin-400-normal.ttf"))).resolves.toBeTruthy();

      const restarted = await createBackend({ dataDir });
      handle = restarted;
      const font = await restarted.db
        .selectFrom("font")
        .select("views")
        .where("gno", "=", "10027")
        .executeTakeFirstOrThrow();
      expect(font.views).toBe(4242);
      expect(await seedCatalogue(restarted.db, new FontStorage(dataDir))).toEqual({ seeded: false });
      const source = await restarted.fontSource("10037");
      expect(source).toMatchObject({
        gno: "10037",
        filePath: path.join(dataDir, "fonts", "unifontex-latin-400-normal.ttf"),
      });
      expect(source!.size).toBe((await fs.stat(source!.filePath)).size);
      expect(await restarted.fontSource("99999")).toBeNull();
      expect(await restarted.fontSource("../x")).toBeNull();
    },
  );
});
