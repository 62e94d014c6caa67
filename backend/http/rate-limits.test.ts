import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { clientKey } from "./client-address.js";
import { tooMany, tooManyRequests } from "./envelope.js";
import { consumeAll, MemoryRateLimits, type LimitRule } from "./rate-limits.js";

describe("MemoryRateLimits", () => {
  function memory(options: { limit: number; maxKeys?: number }) {
    const clock = { now: 1_000_000 };
    const limits = new MemoryRateLimits(options.maxKeys);
    const consume = (key: string, cost: number) =>
      limits.consume({ bucket: "test", key, limit: options.limit, windowMs: 60_000 }, new Date(clock.now), cost);
    return { limits, consume, clock };
  }

  it("allows costs up to the limit in a window, then refuses until the window ends", async () => {
    const { consume, clock } = memory({ limit: 10 });
    expect(await consume("a", 6)).toMatchObject({ allowed: true, count: 6, retryAfterMs: 0 });
    expect(await consume("a", 4)).toMatchObject({ allowed: true, count: 10, retryAfterMs: 0 });
    clock.now += 15_000;
    expect(await consume("a", 1)).toMatchObject({ allowed: false, count: 10, retryAfterMs: 45_000 });
    clock.now += 45_000;
    expect((await consume("a", 10)).allowed).toBe(true);
  });

  it("counts nothing for a refused request, so a cheaper one may still go ahead", async () => {
    const { consume } = memory({ limit: 10 });
    await consume("a", 8);
    expect((await consume("a", 5)).allowed).toBe(false);
    expect((await consume("a", 2)).allowed).toBe(true);
    expect((await consume("a", 1)).allowed).toBe(false);
  });

  it("lets one request larger than the whole limit through at the start of a window, and nothing after it", async () => {
    const { consume } = memory({ limit: 10 });
    expect((await consume("a", 50)).allowed).toBe(true);
    expect((await consume("a", 1)).allowed).toBe(false);
  });

  it("counts each key on its own", async () => {
    const { consume } = memory({ limit: 1 });
    expect((await consume("a", 1)).allowed).toBe(true);
    expect((await consume("a", 1)).allowed).toBe(false);
    expect((await consume("b", 1)).allowed).toBe(true);
  });

  it("decides concurrent requests one at a time", async () => {
    const { consume } = memory({ limit: 10 });
    const decisions = await Promise.all(Array.from({ length: 20 }, () => consume("a", 1)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  });

  it("takes back what a refund returns, and forgets a reset key", async () => {
    const { limits, consume } = memory({ limit: 2 });
    const first = await consume("a", 1);
    await consume("a", 1);
    expect((await consume("a", 1)).allowed).toBe(false);
    await limits.refund({ bucket: "test", key: "a", limit: 2, windowMs: 60_000 }, first);
    expect((await consume("a", 1)).allowed).toBe(true);
    await limits.reset("test", "a");
    expect(await consume("a", 1)).toMatchObject({ allowed: true, count: 1 });
  });

  it("tracks at most maxKeys keys, dropping ended windows first, then the oldest", async () => {
    const { limits, consume, clock } = memory({ limit: 1, maxKeys: 3 });
    await consume("old", 1);
    clock.now += 30_000;
    await consume("b", 1);
    await consume("c", 1);
    clock.now += 30_000; // "old" has ended
    await consume("d", 1);
    expect(limits.size).toBe(3);
    expect((await consume("b", 1)).allowed).toBe(false);
    for (let index = 0; index < 1000; index++) await consume(`flood-${index}`, 1);
    expect(limits.size).toBe(3);
  });
});

describe("consumeAll", () => {
  it("takes back the units of a request a later limit refused, so it counts nowhere", async () => {
    const limits = new MemoryRateLimits();
    const refusal = () => tooMany("太多了");
    const loose: LimitRule = { bucket: "loose", key: "k", limit: 10, windowMs: 60_000, refusal };
    const tight: LimitRule = { bucket: "tight", key: "k", limit: 1, windowMs: 60_000, refusal };
    await consumeAll(limits, [loose, tight], new Date());
    await expect(consumeAll(limits, [loose, tight], new Date())).rejects.toMatchObject({
      status: 429,
      headers: { "Retry-After": "60" },
    });
    expect((await limits.consume(loose, new Date())).count).toBe(2);
  });
});

describe("tooManyRequests", () => {
  it("is a 429 in Chinese with Retry-After in whole seconds, at least one", () => {
    expect(tooManyRequests(1_500)).toMatchObject({
      status: 429,
      code: "429",
      message: "请求过于频繁，请稍后再试",
      headers: { "Retry-After": "2" },
    });
    expect(tooManyRequests(0).headers).toEqual({ "Retry-After": "1" });
  });
});

describe("clientKey", () => {
  const keyOf = (ip: string) => clientKey({ ip, socket: {} } as Request);

  it("is the IPv4 address, also when written as an IPv4-mapped IPv6 address", () => {
    expect(keyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(keyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 network of an IPv6 address", () => {
    expect(keyOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(keyOf("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(keyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(keyOf("::1")).toBe("0:0:0:0::/64");
    expect(keyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
