import { describe, expect, it } from "vitest";
import { favoriteDoneMessage, readFavoriteIntent } from "./favorite-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("readFavoriteIntent", () => {
  it("reads font intents with and without a collection", () => {
    expect(readFavoriteIntent(form({ intent: "add-font", fontGNo: "10001" }))).toEqual({
      intent: "add-font",
      fontGNo: "10001",
    });
    expect(readFavoriteIntent(form({ intent: "remove-font", fontGNo: "10001", collectionId: "7" }))).toEqual({
      intent: "remove-font",
      fontGNo: "10001",
      collectionId: 7,
    });
  });

  it("reads article intents", () => {
    expect(readFavoriteIntent(form({ intent: "add-article", kind: "news", articleId: "3" }))).toEqual({
      intent: "add-article",
      kind: "news",
      articleId: 3,
    });
  });

  it.each([
    {},
    { intent: "add-font" },
    { intent: "add-font", fontGNo: "abc" },
    { intent: "add-font", fontGNo: "10001", collectionId: "0" },
    { intent: "add-font", fontGNo: "10001", collectionId: "1e3" },
    { intent: "add-font", fontGNo: "10001", collectionId: "99999999999" },
    { intent: "add-article", kind: "font", articleId: "3" },
    { intent: "remove-article", kind: "news", articleId: "-1" },
    { intent: "delete-everything", fontGNo: "10001" },
  ])("refuses %o", (fields) => {
    expect(readFavoriteIntent(form(fields as Record<string, string>))).toBeNull();
  });
});

describe("favoriteDoneMessage", () => {
  it("names the collection when one was chosen", () => {
    expect(favoriteDoneMessage({ intent: "add-font", fontGNo: "1", collectionId: 2 }, "字幕")).toBe(
      "已加入收藏夹「字幕」",
    );
    expect(favoriteDoneMessage({ intent: "add-font", fontGNo: "1" })).toBe("已加入收藏");
    expect(favoriteDoneMessage({ intent: "remove-font", fontGNo: "1" })).toBe("已取消收藏");
    expect(favoriteDoneMessage({ intent: "remove-font", fontGNo: "1", collectionId: 2 })).toBe("已移出收藏夹");
  });
});
