import { describe, expect, it } from "vitest";
import { formatChinaDateTime, listHref, pageParam } from "./user-lists";

describe("user centre list helpers", () => {
  it("shows an instant as China's date and time, whatever the zone it was written in", () => {
    expect(formatChinaDateTime("2026-11-23T16:30:00.000Z")).toBe("2026-11-24 00:30");
    expect(formatChinaDateTime("2026-11-23T08:05:00+08:00")).toBe("2026-11-23 08:05");
    expect(formatChinaDateTime("not a date")).toBe("");
  });

  it("reads ?page= as a positive integer and anything else as page 1", () => {
    for (const [search, page] of [
      ["page=3", 3],
      ["", 1],
      ["page=0", 1],
      ["page=-2", 1],
      ["page=abc", 1],
      ["page=1e3", 1],
      ["page=99999999999", 1],
    ] as const) {
      expect(pageParam(new URLSearchParams(search)), search).toBe(page);
    }
  });

  it("builds list links without empty values or page 1", () => {
    expect(listHref("/user/download", { keyword: "黑体", page: 1 })).toBe("/user/download?keyword=%E9%BB%91%E4%BD%93");
    expect(listHref("/user/message", { type: undefined, page: 2, open: 5 })).toBe("/user/message?page=2&open=5");
    expect(listHref("/user/message", { type: "", page: 1 })).toBe("/user/message");
  });
});
