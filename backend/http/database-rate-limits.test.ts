import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema.js";
import { openMigratedDatabase, TEST_DATABASES } from "../db/testing/test-databases.js";
import { DatabaseRateLimits } from "./database-rate-limits.js";
import { consumeAll, type LimitRule } from "./rate-limits.js";
import { tooMany } from "./envelope.js";

describe.each(TEST_DATABASES)("rate limits in the database, on $name", (database) => {
  let db: Kysely<Database>;
  let closeDatabase: () => Promise<void>;

  beforeAll(async () => {
    if (!database.available) return;
    ({ db, close: closeDatabase } = await openMigratedDatabase(database));
  });

  afterAll(async () => {
    if (database.available) await closeDatabase?.();
  });

  const limit = (key: string, units = 10) => ({ bucket: "test", key, limit: units, windowMs: 60_000 });

  it.skipIf(!database.available)("spends costs up to the limit; a refused request counts nothing", async () => {
    const limits = new DatabaseRateLimits(db);
    const now = new Date();
    expect(await limits.consume(limit("cost"), now, 8)).toMatchObject({ allowed: true, count: 8, counted: 8 });
    const refused = await limits.consume(limit("cost"), now, 5);
    expect(refused).toMatchObject({ allowed: false, count: 8, counted: 0 });
    expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(await limits.consume(limit("cost"), now, 2)).toMatchObject({ allowed: true, count: 10 });
    // A window with nothing in it takes one request larger than the whole limit.
    expect((await limits.consume(limit("large"), now, 50)).allowed).toBe(true);
    expect((await limits.consume(limit("large"), now, 1)).allowed).toBe(false);
  });

  it.skipIf(!database.available)("lets at most the limit through a burst of parallel requests", async () => {
    const limits = new DatabaseRateLimits(db);
    const now = new Date();
    const decisions = await Promise.all(Array.from({ length: 12 }, () => limits.consume(limit("burst", 5), now)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    expect((await limits.consume(limit("burst", 5), now)).count).toBe(5);
  });

  it.skipIf(!database.available)(
    "opens a new window once the last one has ended, and forgets a reset key",
    async () => {
      const limits = new DatabaseRateLimits(db);
      const start = new Date();
      await limits.consume(limit("window", 1), start);
      expect((await limits.consume(limit("window", 1), start)).allowed).toBe(false);
      expect((await limits.consume(limit("window", 1), new Date(start.getTime() + 60_000))).allowed).toBe(true);
      await limits.reset("test", "window");
      expect(await limits.consume(limit("window", 1), start)).toMatchObject({ allowed: true, count: 1 });
    },
  );

  it.skipIf(!database.available)("takes back the units of a request a later rule refused", async () => {
    const limits = new DatabaseRateLimits(db);
    const refusal = () => tooMany("太多了");
    const loose: LimitRule = { ...limit("rules"), bucket: "loose", refusal };
    const tight: LimitRule = { ...limit("rules", 1), bucket: "tight", refusal };
    await consumeAll(limits, [loose, tight], new Date());
    await expect(consumeAll(limits, [loose, tight], new Date())).rejects.toMatchObject({ status: 429 });
    expect((await limits.consume(loose, new Date())).count).toBe(2);
  });
});
