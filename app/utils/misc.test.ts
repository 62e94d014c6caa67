import { describe, expect, it } from "vitest";
import { cn, formatCount, formatNumber, isNetworkFailure, staticUrl, withQuery } from "./misc";

describe("misc", () => {
  it("cn", () => expect(cn("a", false, null, "b", undefined)).toBe("a b"));
  it("formatNumber groups thousands as zh-CN does, like toLocaleString", () => {
    for (const value of [0, 7, 999, 1000, 12_345, 999_999, 1_234_567, 25_000_000_000, -4321, 3.5, 1234.5678, 0.0004]) {
      expect(formatNumber(value)).toBe(value.toLocaleString("zh-CN"));
    }
    expect(formatNumber(12_345)).toBe("12,345");
    expect(formatNumber(Number.NaN)).toBe("NaN");
  });

  it("formatCount", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(12_345)).toBe("1.2万");
    expect(formatCount(10_000)).toBe("1万");
    expect(formatCount(230_000_000)).toBe("2.3亿");
    expect(formatCount(undefined)).toBe("0");
  });
  it("staticUrl", () => {
    expect(staticUrl("/images/a.svg")).toBe("/images/a.svg");
    expect(staticUrl("/images/a.svg", "https://cdn.x/")).toBe("https://cdn.x/images/a.svg");
    expect(staticUrl("https://o.x/a.svg", "https://cdn.x")).toBe("https://o.x/a.svg");
  });
  it("withQuery", () => {
    expect(withQuery("/font", { keyword: "可爱", style: "", current: 2 })).toBe(
      "/font?keyword=%E5%8F%AF%E7%88%B1&current=2",
    );
    expect(withQuery("/font", {})).toBe("/font");
  });
  it("isNetworkFailure: a request that never reached the server, in each engine's words, and nothing else", () => {
    for (const message of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      expect(isNetworkFailure(new TypeError(message))).toBe(true);
    }
    expect(isNetworkFailure(new TypeError("Failed to fetch dynamically imported module: /build/a.js"))).toBe(false);
    expect(isNetworkFailure(new Error("Failed to fetch"))).toBe(false);
    expect(isNetworkFailure(new TypeError("x is not a function"))).toBe(false);
    expect(isNetworkFailure("Failed to fetch")).toBe(false);
  });
});
