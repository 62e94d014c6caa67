import type { AnyDatabase } from "./schema.js";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from "kysely";

const migrationsDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** `001-catalogue.ts`, `100-accounts.ts`…: a number, a name, and no `.test`/`.d` part. */
const MIGRATION_FILE = /^\d{3}-[a-z0-9-]+\.(ts|js|mjs)$/;

/**
 * Every module in `backend/db/migrations/` whose name matches MIGRATION_FILE, run in name order.
 * Each exports `up(db)` (and optionally `down(db)`). Other backend modules add their tables by
 * adding a file there; nothing needs registering.
 */
class MigrationFolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(migrationsDirectory)).filter((file) => MIGRATION_FILE.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(migrationsDirectory, file)).href)) as Migration;
      migrations[file.replace(/\.[^.]+$/, "")] = module;
    }
    return migrations;
  }
}

export async function migrateToLatest(db: AnyDatabase): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name` (or back down to it): a database as it was then. */
export async function migrateTo(db: AnyDatabase, name: string): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateTo(name));
}

async function migrate(db: AnyDatabase, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  // Named explicitly: Kysely otherwise takes a migration table in any schema of the database for its own.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: new MigrationFolderProvider(),
    migrationTableSchema: rows[0]!.schema,
  });
  const { error, results } = await run(migrator);
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`数据库迁移失败${failed ? `：${failed.migrationName}` : ""}`, { cause: error });
  }
}
