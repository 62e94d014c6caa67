import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import pg from "pg";
import { openDatabase } from "../database.js";
import { migrateToLatest } from "../migrate.js";
import type { Database } from "../schema.js";

/** How a test suite reaches one kind of database. */
export type TestDatabase = {
  name: "PGlite" | "PostgreSQL";
  /** False when the database is not available here; the suite is then skipped. */
  available: boolean;
  /** Backend options for a database of its own, and how to drop it afterwards. */
  open(): Promise<{ databaseUrl?: string; inMemoryDatabase?: boolean; dispose(): Promise<void> }>;
};

const postgresUrl = process.env.TEST_DATABASE_URL;

if (!postgresUrl) {
  console.warn(
    "TEST_DATABASE_URL 未设置：PostgreSQL 版本的数据库测试将被跳过（scripts/throwaway-postgres.sh 可启动一个临时库）",
  );
}

/**
 * PGlite in memory always; PostgreSQL when TEST_DATABASE_URL names a throw-away database. Each
 * PostgreSQL suite gets a schema of its own (through the connection's search_path), so test
 * files running in parallel do not see each other's rows.
 */
export const TEST_DATABASES: TestDatabase[] = [
  {
    name: "PGlite",
    available: true,
    open: async () => ({ inMemoryDatabase: true, dispose: async () => {} }),
  },
  {
    name: "PostgreSQL",
    available: Boolean(postgresUrl),
    open: async () => {
      const schema = `test_${randomBytes(6).toString("hex")}`;
      await runAdmin(`create schema ${schema}`);
      const url = new URL(postgresUrl!);
      url.searchParams.set("options", `-c search_path=${schema}`);
      return {
        databaseUrl: url.toString(),
        dispose: () => runAdmin(`drop schema ${schema} cascade`),
      };
    },
  },
];

async function runAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database of its own of this kind, migrated to the latest schema; `close` closes and drops it. */
export async function openMigratedDatabase(
  database: TestDatabase,
): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  const { dispose, ...options } = await database.open();
  const handle = await openDatabase(
    options.databaseUrl ? { kind: "postgres", url: options.databaseUrl } : { kind: "memory" },
  );
  await migrateToLatest(handle.db);
  return {
    db: handle.db,
    close: async () => {
      await handle.close();
      await dispose();
    },
  };
}
