import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { consumeAll, type LimitRule } from "../http/rate-limits.js";
import { ApiError } from "../http/envelope.js";
import { connectRedis } from "./index.js";
import { RedisRateLimits } from "./redis-rate-limits.js";
import { freePort, hasRedisServer, startRedisServer } from "./testing/test-redis-server.js";

describe.skipIf(!hasRedisServer)("rate limits in Redis", () => {
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  let clients: Redis[];

  beforeAll(async () => {
    server = await startRedisServer();
    const { port } = server;
    // Two connections stand for two instances of the site.
    clients = [new Redis(port, "127.0.0.1"), new Redis(port, "127.0.0.1")];
    await Promise.all(clients.map((client) => client.ping()));
  });

  afterAll(async () => {
    for (const client of clients ?? []) client.disconnect();
    await server?.close();
  });

  it("counts the accounts' events of both instances in one window, at most the limit through a burst", async () => {
    const [a, b] = clients.map((client) => new RedisRateLimits(client));
    const limit = { bucket: "login-ip", key: "203.0.113.9", limit: 5, windowMs: 60_000 };
    const now = new Date();
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, index) => (index % 2 ? a! : b!).consume(limit, now)),
    );
    expect(
      decisions
        .filter((decision) => decision.allowed)
        .map((decision) => decision.count)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    const refused = decisions.find((decision) => !decision.allowed)!;
    expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);

    await a!.reset(limit.bucket, limit.key);
    expect((await b!.consume(limit, now)).count).toBe(1);
  });

  it("takes back the events of a request another limit refused", async () => {
    const limits = new RedisRateLimits(clients[0]!);
    const refusal = () => new ApiError(429, "429", "太多了");
    const loose: LimitRule = { bucket: "loose", key: "k", limit: 10, windowMs: 60_000, refusal };
    const tight: LimitRule = { bucket: "tight", key: "k", limit: 1, windowMs: 60_000, refusal };
    await consumeAll(limits, [loose, tight], new Date());
    await expect(consumeAll(limits, [loose, tight], new Date())).rejects.toMatchObject({ status: 429 });
    // The refused request counted nowhere: the loose window holds the first request only.
    expect((await limits.consume(loose, new Date())).count).toBe(2);
  });

  it("lets a client spend its units from either instance, a refused request spending nothing", async () => {
    const [a, b] = clients.map((client) => new RedisRateLimits(client));
    const limit = (key: string) => ({ bucket: "subset", key, limit: 100, windowMs: 60_000 });
    const now = new Date();
    expect(await a!.consume(limit("198.51.100.7"), now, 60)).toMatchObject({ allowed: true, retryAfterMs: 0 });
    const refused = await b!.consume(limit("198.51.100.7"), now, 50);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect((await b!.consume(limit("198.51.100.7"), now, 40)).allowed).toBe(true);
    expect((await a!.consume(limit("198.51.100.7"), now, 1)).allowed).toBe(false);
    // A client that has used nothing may always make one request, however large.
    expect((await b!.consume(limit("198.51.100.8"), now, 500)).allowed).toBe(true);
  });
});

describe("rate limits while Redis does not answer", () => {
  it("refuses with 503 and a Chinese message instead of letting the request through or failing with 500", async () => {
    const client = connectRedis(`redis://127.0.0.1:${await freePort()}`);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const limits = new RedisRateLimits(client);
      const refusals = [
        await limits.consume({ bucket: "login", key: "k", limit: 5, windowMs: 60_000 }, new Date()).catch((e) => e),
        await limits.reset("login", "k").catch((e: unknown) => e),
      ];
      for (const refusal of refusals) {
        expect(refusal).toBeInstanceOf(ApiError);
        expect(refusal).toMatchObject({ status: 503, message: "服务繁忙，请稍后重试" });
      }
    } finally {
      warn.mockRestore();
      client.disconnect();
    }
  });
});
