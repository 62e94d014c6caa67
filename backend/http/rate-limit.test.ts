import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { clientKey, InMemoryRateLimiter, tooManyRequests } from "./rate-limit.js";

describe("InMemoryRateLimiter", () => {
  function limiter(options: { limit: number; maxKeys?: number }) {
    const clock = { now: 1_000_000 };
    const limits = new InMemoryRateLimiter({ ...options, windowMs: 60_000, now: () => clock.now });
    return { limits, clock };
  }

  it("allows costs up to the limit in a window, then refuses until the window ends", async () => {
    const { limits, clock } = limiter({ limit: 10 });
    expect(await limits.consume("a", 6)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await limits.consume("a", 4)).toEqual({ allowed: true, retryAfterMs: 0 });
    clock.now += 15_000;
    expect(await limits.consume("a", 1)).toEqual({ allowed: false, retryAfterMs: 45_000 });
    clock.now += 45_000;
    expect((await limits.consume("a", 10)).allowed).toBe(true);
  });

  it("counts nothing for a refused request, so a cheaper one may still go ahead", async () => {
    const { limits } = limiter({ limit: 10 });
    await limits.consume("a", 8);
    expect((await limits.consume("a", 5)).allowed).toBe(false);
    expect((await limits.consume("a", 2)).allowed).toBe(true);
    expect((await limits.consume("a", 1)).allowed).toBe(false);
  });

  it("lets one request larger than the whole limit through at the start of a window, and nothing after it", async () => {
    const { limits } = limiter({ limit: 10 });
    expect((await limits.consume("a", 50)).allowed).toBe(true);
    expect((await limits.consume("a", 1)).allowed).toBe(false);
  });

  it("counts each key on its own", async () => {
    const { limits } = limiter({ limit: 1 });
    expect((await limits.consume("a", 1)).allowed).toBe(true);
    expect((await limits.consume("a", 1)).allowed).toBe(false);
    expect((await limits.consume("b", 1)).allowed).toBe(true);
  });

  it("decides concurrent requests one at a time", async () => {
    const { limits } = limiter({ limit: 10 });
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limits.consume("a", 1)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  });

  it("tracks at most maxKeys keys, dropping ended windows first, then the oldest", async () => {
    const { limits, clock } = limiter({ limit: 1, maxKeys: 3 });
    await limits.consume("old", 1);
    clock.now += 30_000;
    await limits.consume("b", 1);
    await limits.consume("c", 1);
    clock.now += 30_000; // "old" has ended
    await limits.consume("d", 1);
    expect(limits.size).toBe(3);
    expect((await limits.consume("b", 1)).allowed).toBe(false);
    for (let index = 0; index < 1000; index++) await limits.consume(`flood-${index}`, 1);
    expect(limits.size).toBe(3);
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
