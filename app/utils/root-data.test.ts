import { describe, expect, it } from "vitest";
import { flattenFavoriteFontGNos } from "./root-data";

describe("flattenFavoriteFontGNos", () => {
  it("flattens every collection's fontList to unique gnos in order", () => {
    const collections = [
      { id: 1, name: "我的收藏", fontList: [{ fontGNo: "10003", familyName: "甲", fontName: "甲" }, { fontGNo: "10001" }] },
      { id: 2, name: "空", fontList: [] },
      { id: 3, name: "又一个", fontList: [{ fontGNo: "10001" }, { fontGNo: "10007" }] },
    ];
    expect(flattenFavoriteFontGNos(collections)).toEqual(["10003", "10001", "10007"]);
  });

  it("accepts numeric gnos as strings and skips anything malformed", () => {
    const collections = [
      null,
      "x",
      { fontList: "not a list" },
      { fontList: [null, {}, { fontGNo: "" }, { fontGNo: 10002 }, { fontGNo: "10002" }, { fontGNo: Number.NaN }, { fontGNo: { a: 1 } }] },
    ];
    expect(flattenFavoriteFontGNos(collections)).toEqual(["10002"]);
  });

  it("gives [] for an answer that is not a list", () => {
    expect(flattenFavoriteFontGNos(null)).toEqual([]);
    expect(flattenFavoriteFontGNos(undefined)).toEqual([]);
    expect(flattenFavoriteFontGNos({ fontList: [{ fontGNo: "1" }] })).toEqual([]);
  });
});
