import { describe, expect, it } from "vitest";
import { caseSampleText } from "./case-samples";
import { formatChinaDate, formatDuration } from "./format";
import { listHref, parseContentId, parseListQuery } from "./list-query";
import { rankRelated } from "./related";

describe("parseListQuery", () => {
  it("reads page and tag", () => {
    expect(parseListQuery(new URLSearchParams("page=3&tag=7"))).toEqual({ page: 3, tagId: 7 });
  });

  it.each(["0", "-1", "abc", "1.5", "99999999999", "%00", ""])("ignores page or tag %j", (value) => {
    expect(parseListQuery(new URLSearchParams({ page: value, tag: value }))).toEqual({ page: 1, tagId: undefined });
  });
});

describe("parseContentId", () => {
  it("accepts a positive id within the database's range only", () => {
    expect(parseContentId("12")).toBe(12);
    expect(parseContentId("2147483647")).toBe(2147483647);
    expect(parseContentId("2147483648")).toBeUndefined();
    expect(parseContentId("0")).toBeUndefined();
    expect(parseContentId("12abc")).toBeUndefined();
    expect(parseContentId(undefined)).toBeUndefined();
  });
});

describe("listHref", () => {
  it("leaves out page 1 and no tag, keeps extra parameters", () => {
    expect(listHref("/album", {})).toBe("/album");
    expect(listHref("/album", { tagId: 5, page: 1 })).toBe("/album?tag=5");
    expect(listHref("/case", { page: 2 }, { font: "10001" })).toBe("/case?font=10001&page=2");
  });
});

describe("formatChinaDate", () => {
  it("gives the date in China, whatever the machine's time zone", () => {
    expect(formatChinaDate("2025-03-02T02:00:00.000Z")).toBe("2025-03-02");
    expect(formatChinaDate("2025-03-02T17:00:00.000Z")).toBe("2025-03-03");
    expect(formatChinaDate("not a date")).toBe("");
  });
});

describe("formatDuration", () => {
  it("writes m:ss and h:mm:ss", () => {
    expect(formatDuration(45)).toBe("0:45");
    expect(formatDuration(90)).toBe("1:30");
    expect(formatDuration(3725)).toBe("1:02:05");
  });
});

describe("caseSampleText", () => {
  it("takes the first short quoted words of the rationale", () => {
    expect(
      caseSampleText({ role: "封面", rationale: "字面饱满，“人均 50 吃到撑”这样的封面短句放大后非常醒目。" }),
    ).toBe("人均 50 吃到撑");
  });

  it("falls back to a line for the role when nothing short is quoted", () => {
    expect(caseSampleText({ role: "字幕", rationale: "中等字重的黑体在复杂画面上依然清楚。" })).toBe(
      "今天带大家去一家老店",
    );
    expect(
      caseSampleText({ role: "花字", rationale: "“这是一句很长很长很长很长很长很长的引用而不是画面上的字”" }),
    ).toBe("绝了！");
  });
});

describe("rankRelated", () => {
  const item = { id: 1, tags: [{ id: 10 }, { id: 11 }] };
  it("puts items sharing more tags first, keeps list order otherwise, leaves the item out", () => {
    const candidates = [
      { id: 1, tags: [{ id: 10 }] },
      { id: 2, tags: [] },
      { id: 3, tags: [{ id: 11 }] },
      { id: 4, tags: [{ id: 10 }, { id: 11 }] },
      { id: 5, tags: [] },
    ];
    expect(rankRelated(item, candidates, 3).map((c) => c.id)).toEqual([4, 3, 2]);
  });
});
