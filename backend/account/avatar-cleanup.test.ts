import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "../db/test-databases.js";
import { createBackend } from "../index.js";
import { testConfig } from "./test-harness.js";

const HOUR = 60 * 60_000;
const name = (digit: string) => `${digit.repeat(32)}.jpg`;

describe.each(TEST_DATABASES)("avatar files no user refers to, on $name", (database) => {
  let dataDir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (!database.available) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "avatar-cleanup-test-"));
  });

  afterAll(async () => {
    if (!database.available) return;
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(!database.available)("are deleted at start once an hour old; used and recent ones stay", async () => {
    // A database that outlives the backend (PGlite in DATA_DIR, or the PostgreSQL schema).
    const { dispose: disposeDatabase, inMemoryDatabase: _inMemory, ...location } = await database.open();
    dispose = disposeDatabase;
    const start = () =>
      createBackend({ ...location, dataDir, account: testConfig({ CAPTCHA: "off", DATA_DIR: dataDir }) });

    const first = await start();
    const now = new Date();
    await first.db
      .withTables<{ app_user: { nickname: string; avatar: string | null; created_at: Date; updated_at: Date } }>()
      .insertInto("app_user")
      .values({ nickname: "有头像的人", avatar: name("a"), created_at: now, updated_at: now })
      .execute();
    await first.close();

    const directory = path.join(dataDir, "uploads", "avatars");
    await fs.mkdir(directory, { recursive: true });
    const files = {
      used: name("a"),
      orphan: name("b"),
      recentOrphan: name("c"),
      interruptedWrite: `.${name("d")}.tmp`,
      notAnAvatar: "README.txt",
    };
    const anHourAgo = new Date(Date.now() - HOUR - 60_000);
    for (const [kind, file] of Object.entries(files)) {
      await fs.writeFile(path.join(directory, file), "x");
      if (kind !== "recentOrphan") await fs.utimes(path.join(directory, file), anHourAgo, anHourAgo);
    }

    const second = await start();
    await second.close();
    const left = (await fs.readdir(directory)).sort();
    expect(left).toEqual([files.notAnAvatar, files.used, files.recentOrphan].sort());
  });
});
