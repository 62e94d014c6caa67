import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeRecipe, encodeRecipe, RedisSubsetRecipes, SUBSET_RECIPE_TTL_S } from "./redis-subset-recipes.js";
import { hasRedisServer, startRedisServer } from "./testing/test-redis-server.js";

const RECIPE = { gno: "10001", fontVersion: "2.004|123|456", codepoints: [0x41, 0x4e00, 0x9fa5, 0x2a6d6] };

describe("subset recipes in Redis", () => {
  it("reads back what it wrote, and nothing from a value that is not a recipe", () => {
    expect(decodeRecipe(encodeRecipe(RECIPE))).toEqual(RECIPE);
    expect(decodeRecipe(encodeRecipe({ ...RECIPE, codepoints: [] }))).toEqual({ ...RECIPE, codepoints: [] });
    for (const raw of [null, "", "{", "[]", '{"g":1,"v":"x","c":""}', '{"g":"1","v":"x","c":"zzzzzz"}']) {
      expect(decodeRecipe(raw), String(raw)).toBeNull();
    }
  });

  describe.skipIf(!hasRedisServer)("on a redis-server", () => {
    let server: Awaited<ReturnType<typeof startRedisServer>>;
    let clients: Redis[];

    beforeAll(async () => {
      server = await startRedisServer();
      // Two connections stand for two instances of the site.
      clients = [new Redis(server.port, "127.0.0.1"), new Redis(server.port, "127.0.0.1")];
    });

    afterAll(async () => {
      for (const client of clients ?? []) client.disconnect();
      await server?.close();
    });

    it("lets one instance find the recipe another shared, for as long as the expiry", async () => {
      const [a, b] = clients.map((client) => new RedisSubsetRecipes(client));
      await a!.share("0123456789abcdef0123456789abcdef", RECIPE);
      expect(await b!.find("0123456789abcdef0123456789abcdef")).toEqual(RECIPE);
      expect(await b!.find("fedcba9876543210fedcba9876543210")).toBeNull();
      const ttl = await clients[0]!.ttl("subset-recipe:0123456789abcdef0123456789abcdef");
      expect(ttl).toBeGreaterThan(SUBSET_RECIPE_TTL_S - 60);
      expect(ttl).toBeLessThanOrEqual(SUBSET_RECIPE_TTL_S);
    });

    it("shares a recipe it already shared without a round trip", async () => {
      const recipes = new RedisSubsetRecipes(clients[0]!);
      await recipes.share("11111111111111111111111111111111", RECIPE);
      await clients[1]!.del("subset-recipe:11111111111111111111111111111111");
      await recipes.share("11111111111111111111111111111111", RECIPE);
      expect(await clients[1]!.exists("subset-recipe:11111111111111111111111111111111")).toBe(0);
    });
  });
});
