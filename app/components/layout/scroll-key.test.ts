import { describe, expect, it } from "vitest";
import { scrollRestorationKey } from "./scroll-key";

describe("scrollRestorationKey", () => {
  it("keeps the client router's own key for entries it created", () => {
    expect(scrollRestorationKey({ key: "k1x9", pathname: "/news", search: "" })).toBe("k1x9");
  });

  it("tells full page loads apart by address, a .html twin being the same page", () => {
    expect(scrollRestorationKey({ key: "default", pathname: "/news/12.html", search: "?a=1" })).toBe("/news/12?a=1");
    expect(scrollRestorationKey({ key: "default", pathname: "/news/12", search: "?a=1" })).toBe("/news/12?a=1");
    expect(scrollRestorationKey({ key: "default", pathname: "/font", search: "" })).not.toBe(
      scrollRestorationKey({ key: "default", pathname: "/news", search: "" }),
    );
  });
});
