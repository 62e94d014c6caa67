import { afterEach, describe, expect, it, vi } from "vitest";
import {
  LAZY_IMAGE_CACHE_SIZE,
  LAZY_IMAGE_MAX_ATTEMPTS,
  LAZY_IMAGE_PRELOAD_FACTOR,
  LAZY_IMAGE_THROTTLE_MS,
  RecentUrls,
  attemptUrl,
  preloadRootMargin,
  throttle,
} from "./lazy-image";

afterEach(() => {
  vi.useRealTimers();
});

describe("lazy image rules", () => {
  it("preloads within 1.3 viewports, throttles at 200 ms, tries 3 times and remembers 200 addresses", () => {
    expect(LAZY_IMAGE_PRELOAD_FACTOR).toBe(1.3);
    expect(LAZY_IMAGE_THROTTLE_MS).toBe(200);
    expect(LAZY_IMAGE_MAX_ATTEMPTS).toBe(3);
    expect(LAZY_IMAGE_CACHE_SIZE).toBe(200);
  });

  it("starts loading images within 30% of a screen below the fold for a factor of 1.3", () => {
    expect(preloadRootMargin()).toBe("0px 0px 30% 0px");
    expect(preloadRootMargin(2)).toBe("0px 0px 100% 0px");
  });

  it("gives later attempts a retry query, keeping existing queries and fragments", () => {
    expect(attemptUrl("/a.png", 1)).toBe("/a.png");
    expect(attemptUrl("/a.png", 2)).toBe("/a.png?retry=1");
    expect(attemptUrl("/a.png?w=2#x", 3)).toBe("/a.png?w=2&retry=2#x");
  });

  it("forgets the least recently used address past its limit", () => {
    const urls = new RecentUrls(3);
    urls.add("a");
    urls.add("b");
    urls.add("c");
    expect(urls.has("a")).toBe(true); // a is now the most recent
    urls.add("d");
    expect(urls.has("b")).toBe(false);
    expect(urls.has("a")).toBe(true);
    expect(urls.has("c")).toBe(true);
    expect(urls.has("d")).toBe(true);
    expect(urls.size).toBe(3);
  });

  it("runs a throttled function at once, then once at the end of each 200 ms wait", () => {
    vi.useFakeTimers();
    const calls: number[] = [];
    const throttled = throttle((value: number) => calls.push(value), LAZY_IMAGE_THROTTLE_MS);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(199);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    throttled(4);
    expect(calls).toEqual([1, 3, 4]);
  });
});
