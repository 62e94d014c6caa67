import { describe, expect, it } from "vitest";
import { POPOVER_CLOSE_DELAY_MS, SUGGEST_DEBOUNCE_MS, suggestionHref } from "./search-box";

describe("search suggestions", () => {
  it("a font suggestion links to its page, a keyword to the searched list", () => {
    expect(suggestionHref({ keyword: "思源黑体 粗体", type: "font", fontGNo: "10007" })).toBe("/font/10007");
    expect(suggestionHref({ keyword: "可爱", type: "keyword" })).toBe("/font?keyword=%E5%8F%AF%E7%88%B1");
  });
  it("asks after 300 ms of quiet typing and closes the list 200 ms after focus leaves", () => {
    expect(SUGGEST_DEBOUNCE_MS).toBe(300);
    expect(POPOVER_CLOSE_DELAY_MS).toBe(200);
  });
});
