import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../blob/blob-store.js";
import { S3BlobStore } from "../blob/s3-blob-store.js";
import { startS3rver } from "../blob/testing/test-s3rver.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { createBackend } from "../index.js";
import { removeUnreferencedAvatarFiles } from "./index.js";
import { testConfig } from "./testing/test-harness.js";

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

describe.each(TEST_DATABASES)("avatar files no user refers to, in an S3 bucket, on $name", (database) => {
  it.skipIf(!database.available)(
    "are found by listing the bucket a page at a time and checking each page against the users at once",
    async () => {
      const s3 = await startS3rver("avatars", "avatar-cleanup-s3-");
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "avatar-cleanup-s3-data-"));
      const { dispose, inMemoryDatabase: _inMemory, ...location } = await database.open();
      const settings = {
        endpoint: `http://127.0.0.1:${s3.port}`,
        bucket: "avatars",
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      };
      const store = new S3BlobStore(settings);
      const calls = { list: 0, get: 0 };
      const counted: BlobStore = {
        put: (key, data, type) => store.put(key, data, type),
        putFile: (key, file, type) => store.putFile(key, file, type),
        get: (key) => {
          calls.get++;
          return store.get(key);
        },
        delete: (key) => store.delete(key),
        list: (prefix, page) => {
          calls.list++;
          return store.list(prefix, page);
        },
      };
      const backend = await createBackend({
        ...location,
        inMemoryDatabase: !location.databaseUrl,
        dataDir,
        s3: settings,
        account: testConfig({ CAPTCHA: "off", DATA_DIR: dataDir }),
      });
      try {
        const now = new Date();
        const users = Array.from({ length: 600 }, (_, index) => `${index.toString(16).padStart(32, "0")}.jpg`);
        await backend.db
          .withTables<{ app_user: { nickname: string; avatar: string | null; created_at: Date; updated_at: Date } }>()
          .insertInto("app_user")
          .values(
            users.map((avatar, index) => ({ nickname: `用户${index}`, avatar, created_at: now, updated_at: now })),
          )
          .execute();
        const orphans = [name("b"), name("c")];
        const others = [`.${name("d")}.tmp`, "README.txt"];
        for (let start = 0; start < users.length; start += 50) {
          await Promise.all(
            users.slice(start, start + 50).map((file) => store.put(`avatars/${file}`, Buffer.from("x"), "image/jpeg")),
          );
        }
        for (const file of [...orphans, ...others]) await store.put(`avatars/${file}`, Buffer.from("x"), "image/jpeg");

        const removed = await removeUnreferencedAvatarFiles({
          db: backend.db,
          config: testConfig({ CAPTCHA: "off", DATA_DIR: dataDir }),
          blobs: counted,
          // An hour on, every file is old enough to go if no one uses it.
          clock: () => new Date(Date.now() + HOUR + 60_000),
        });
        expect(removed).toBe(3);
        // 604 objects: two pages, no request per file.
        expect(calls).toMatchObject({ list: 2, get: 0 });
        const left: string[] = [];
        let after: string | undefined;
        do {
          const page = await store.list("avatars", { after });
          left.push(...page.objects.map((object) => object.key.slice("avatars/".length)));
          after = page.next;
        } while (after !== undefined);
        expect(left.sort()).toEqual([...users, "README.txt"].sort());
      } finally {
        await backend.close();
        store.close();
        await s3.close();
        await dispose();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
