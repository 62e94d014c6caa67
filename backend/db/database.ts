import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PGliteDialect } from "./pglite-dialect.js";
import type { Database } from "./schema.js";

/**
 * PostgreSQL's own default of 128 MB of shared buffers lives in PGlite's wasm memory, inside this
 * process; the site's tables fit in a fraction of it, so 16 MB keeps the process small (decision 019).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

export type DatabaseLocation =
  /** A PostgreSQL server (`DATABASE_URL`). */
  | { kind: "postgres"; url: string }
  /** Embedded PGlite persisted in this directory. */
  | { kind: "pglite"; directory: string }
  /** Embedded PGlite kept in memory only, for tests. */
  | { kind: "memory" };

export type DatabaseHandle = { db: Kysely<Database>; close(): Promise<void> };

export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // An idle connection dropped by the server must not crash the process; the pool replaces it.
    pool.on("error", (error) => console.error("PostgreSQL 空闲连接出错", error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Kysely's destroy ends the pool.
    return { db, close: () => db.destroy() };
  }
  let pglite: PGlite;
  if (location.kind === "pglite") {
    await fs.mkdir(location.directory, { recursive: true });
    pglite = await PGlite.create({ dataDir: location.directory, startParams: PGLITE_START_PARAMS });
  } else {
    pglite = await PGlite.create({ startParams: PGLITE_START_PARAMS });
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, "pglite");
}
