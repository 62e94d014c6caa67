import { describe, expect, it } from "vitest";
import { favoriteDoneMessage, readFavoriteIntent } from "./favorite-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("readFavoriteIntent", () => {
  it("reads font intents with and without a folder", () => {
    expect(readFavoriteIntent(form({ intent: "add-font", fontGNo: "10001" }))).toEqual({
      intent: "add-font",
      fontGNo: "10001",
    });
    expect(readFavoriteIntent(form({ intent: "remove-font", fontGNo: "10001", folderId: "7" }))).toEqual({
      intent: "remove-font",
      fontGNo: "10001",
      folderId: 7,
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
    { intent: "add-font", fontGNo: "10001", folderId: "0" },
    { intent: "add-font", fontGNo: "10001", folderId: "1e3" },
    { intent: "add-font", fontGNo: "10001", folderId: "99999999999" },
    { intent: "add-article", kind: "font", articleId: "3" },
    { intent: "remove-article", kind: "news", articleId: "-1" },
    { intent: "delete-everything", fontGNo: "10001" },
  ])("refuses %o", (fields) => {
    expect(readFavoriteIntent(form(fields as Record<string, string>))).toBeNull();
  });
});

describe("favoriteDoneMessage", () => {
  it("names the folder when one was chosen", () => {
    expect(favoriteDoneMessage({ intent: "add-font", fontGNo: "1", folderId: 2 }, "字幕")).toBe("已加入收藏夹「字幕」");
    expect(favoriteDoneMessage({ intent: "add-font", fontGNo: "1" })).toBe("已加入收藏");
    expect(favoriteDoneMessage({ intent: "remove-font", fontGNo: "1" })).toBe("已取消收藏");
    expect(favoriteDoneMessage({ intent: "remove-font", fontGNo: "1", folderId: 2 })).toBe("已移出收藏夹");
  });
});
