import { describe, expect, it } from "vitest";
import { FAVORITE_INTENT_COOKIE, pendingFavoriteCookie, readPendingFavorite } from "./favorite-intent.server";

const requestWith = (cookie: string) =>
  new Request("http://site.test/resources/favorite", { headers: { Cookie: cookie } });

describe("the waiting favorite cookie", () => {
  it("reads back what it stored, short-lived and HttpOnly", () => {
    const setCookie = pendingFavoriteCookie({
      intent: { intent: "add-font", fontGNo: "10001", folderId: 4 },
      redirectTo: "/font?layout=card",
    });
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=900/);
    const pair = setCookie.split(";")[0]!;
    expect(readPendingFavorite(requestWith(pair))).toEqual({
      intent: { intent: "add-font", fontGNo: "10001", folderId: 4 },
      redirectTo: "/font?layout=card",
    });
  });

  it("sends an off-site redirectTo home", () => {
    const pair = pendingFavoriteCookie({
      intent: { intent: "add-article", kind: "news", articleId: 1 },
      redirectTo: "//evil.example/",
    }).split(";")[0]!;
    expect(readPendingFavorite(requestWith(pair))?.redirectTo).toBe("/");
  });

  it.each([
    "",
    "not-base64-json",
    Buffer.from(JSON.stringify({ intent: { intent: "drop", fontGNo: "1" }, redirectTo: "/" })).toString("base64url"),
    Buffer.from("[1,2]").toString("base64url"),
    Buffer.from(
      JSON.stringify({ intent: { intent: "add-article", kind: "news", articleId: 1.5 }, redirectTo: "/" }),
    ).toString("base64url"),
    Buffer.from(JSON.stringify({ intent: { intent: "add-font", fontGNo: "10001" } })).toString("base64url"),
  ])("ignores a cookie it did not write: %s", (value) => {
    expect(readPendingFavorite(requestWith(`${FAVORITE_INTENT_COOKIE}=${value}`))).toBeNull();
  });

  it("is null without cookies", () => {
    expect(readPendingFavorite(new Request("http://site.test/"))).toBeNull();
  });
});
