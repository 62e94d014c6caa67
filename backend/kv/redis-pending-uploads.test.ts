import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisPendingUploads } from "./redis-pending-uploads.js";
import { hasRedisServer, startRedisServer } from "./testing/test-redis-server.js";

describe.skipIf(!hasRedisServer)("uploads not yet submitted, counted in Redis", () => {
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  let clients: Redis[];

  beforeAll(async () => {
    server = await startRedisServer();
    // Two connections stand for two instances of the site.
    clients = [new Redis(server.port, "127.0.0.1"), new Redis(server.port, "127.0.0.1")];
    await Promise.all(clients.map((client) => client.ping()));
  });

  afterAll(async () => {
    for (const client of clients ?? []) client.disconnect();
    await server?.close();
  });

  it("reserves at most each client's bound and the total across instances, until release or lapse", async () => {
    const bounds = { perClientBytes: 300, totalBytes: 500 };
    const [a, b] = clients.map((client) => new RedisPendingUploads(client, bounds, "pending-test"));
    const now = 1_000_000;
    const reserve = (index: number, client: string, bytes = 100, until = now + 60_000) =>
      (index % 2 ? a! : b!).reserve({ key: `${client}-${index}`, client, bytes, until }, now);

    // A burst of one client over both instances: three of ten fit.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, index) => reserve(index, "198.51.100.1")));
    expect(burst.filter((decision) => decision.allowed)).toHaveLength(3);
    expect(burst.find((decision) => !decision.allowed)).toEqual({
      allowed: false,
      bound: "client",
      retryAfterMs: 60_000,
    });
    // Another client fits until the total is reached.
    expect((await reserve(20, "198.51.100.2", 200)).allowed).toBe(true);
    expect(await reserve(21, "198.51.100.3", 1)).toMatchObject({ allowed: false, bound: "total" });

    const kept = burst.flatMap((decision, index) => (decision.allowed ? [`198.51.100.1-${index}`] : []));
    await b!.release([kept[0]!]);
    expect((await reserve(22, "198.51.100.3", 100)).allowed).toBe(true);

    // Once lapsed, nothing counts any more.
    const later = now + 60_001;
    expect(
      (await a!.reserve({ key: "late", client: "198.51.100.1", bytes: 300, until: later + 1 }, later)).allowed,
    ).toBe(true);
    expect(await clients[0]!.get("{pending-test}:total")).toBe("300");
  });
});
