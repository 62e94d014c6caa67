import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { FontStorage } from "../storage/font-storage.js";
import { FAMILY_SEEDS, FIRST_FONT_GNO } from "./families.js";
import { seedCatalogue } from "./seed.js";

/** The font numbers a family gets: they follow from its place in FAMILY_SEEDS. */
function expectedNumbers(slug: string): string[] {
  let gno = FIRST_FONT_GNO;
  for (const family of FAMILY_SEEDS) {
    if (family.slug === slug) return family.files.map((_, index) => String(gno + index));
    gno += family.files.length;
  }
  throw new Error(`no family ${slug}`);
}

describe.each(TEST_DATABASES)("catalogue seed on $name", (database) => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let storage: FontStorage;

  beforeAll(async () => {
    if (!database.available) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "catalogue-seed-test-"));
    const opened = await database.open();
    dispose = opened.dispose;
    handle = await openDatabase(
      opened.databaseUrl ? { kind: "postgres", url: opened.databaseUrl } : { kind: "memory" },
    );
    await migrateToLatest(handle.db);
    storage = new FontStorage(dataDir);
  });

  afterAll(async () => {
    if (!database.available) return;
    await handle?.close();
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!database.available)(
    "adds the families a database lacks on a later start, numbered as on a fresh one, leaving the others alone",
    async () => {
      const { db } = handle;
      expect(await seedCatalogue(db, storage)).toEqual({ seeded: true });
      const slugs = async () => (await db.selectFrom("font_family").select("slug").execute()).map((row) => row.slug);
      expect((await slugs()).sort()).toEqual(FAMILY_SEEDS.map((family) => family.slug).sort());

      // A database seeded before the last family and its only-its-own tag existed, with a counter moved since.
      const last = FAMILY_SEEDS.at(-1)!;
      const ownTags = last.tags.filter((tag) => !FAMILY_SEEDS.slice(0, -1).some((family) => family.tags.includes(tag)));
      expect(ownTags.length).toBeGreaterThan(0);
      await db.deleteFrom("font_family").where("slug", "=", last.slug).execute();
      await db.deleteFrom("tag").where("name", "in", ownTags).execute();
      await db.updateTable("font").set({ views: 4321 }).where("gno", "=", String(FIRST_FONT_GNO)).execute();
      const firstFamilyId = (
        await db
          .selectFrom("font_family")
          .select("id")
          .where("slug", "=", FAMILY_SEEDS[0]!.slug)
          .executeTakeFirstOrThrow()
      ).id;

      expect(await seedCatalogue(db, storage)).toEqual({ seeded: true });
      expect((await slugs()).sort()).toEqual(FAMILY_SEEDS.map((family) => family.slug).sort());
      const restored = await db
        .selectFrom("font")
        .innerJoin("font_family", "font_family.id", "font.family_id")
        .select("font.gno")
        .where("font_family.slug", "=", last.slug)
        .orderBy("font.gno")
        .execute();
      expect(restored.map((row) => row.gno)).toEqual(expectedNumbers(last.slug));
      const restoredTags = await db
        .selectFrom("font_family_tag")
        .innerJoin("tag", "tag.id", "font_family_tag.tag_id")
        .innerJoin("font_family", "font_family.id", "font_family_tag.family_id")
        .select("tag.name")
        .where("font_family.slug", "=", last.slug)
        .execute();
      expect(restoredTags.map((row) => row.name).sort()).toEqual([...last.tags].sort());
      const tagNames = (await db.selectFrom("tag").select("name").execute()).map((row) => row.name);
      expect(new Set(tagNames).size).toBe(tagNames.length);

      const first = await db
        .selectFrom("font")
        .select(["views", "family_id"])
        .where("gno", "=", String(FIRST_FONT_GNO))
        .executeTakeFirstOrThrow();
      expect(first).toEqual({ views: 4321, family_id: firstFamilyId });
      const styleCount = await db
        .selectFrom("style_category")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(styleCount.n)).toBe(38);

      expect(await seedCatalogue(db, storage)).toEqual({ seeded: false });
    },
    240_000,
  );
});
