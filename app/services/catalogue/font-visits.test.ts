import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FontVisitCounter } from "./font-visits";

describe("FontVisitCounter", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reports each font's visits of one interval together, once it has passed", () => {
    const reports: Array<[string, number]> = [];
    const counter = new FontVisitCounter((fontGNo, visits) => reports.push([fontGNo, visits]), 1000);
    counter.count("10001");
    counter.count("10002");
    counter.count("10001");
    vi.advanceTimersByTime(999);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(reports).toEqual([
      ["10001", 2],
      ["10002", 1],
    ]);
    counter.count("10001");
    vi.advanceTimersByTime(1000);
    expect(reports).toEqual([
      ["10001", 2],
      ["10002", 1],
      ["10001", 1],
    ]);
    vi.advanceTimersByTime(5000);
    expect(reports).toHaveLength(3);
  });
});
