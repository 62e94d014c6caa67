import { describe, expect, it } from "vitest";
import { isTesterOnlyChange, revalidatesUnlessTesterOnly, withTesterParams } from "./tester-address";

const url = (address: string) => new URL(address, "http://localhost");

describe("the font page's address following its type tester", () => {
  it("a change of the tester's text, size or theme on the same font page is the tester's own", () => {
    expect(isTesterOnlyChange(url("/font/10001"), url("/font/10001?text=你好&size=96"))).toBe(true);
    expect(isTesterOnlyChange(url("/font/10001?download=1&text=a"), url("/font/10001?text=b&download=1"))).toBe(true);
  });

  it("anything else is not: another page or font, another parameter, the same address, another path", () => {
    expect(isTesterOnlyChange(url("/font/10001"), url("/font/10002?text=a"))).toBe(false);
    expect(isTesterOnlyChange(url("/font/10001?text=a"), url("/font/10001?text=a&download=1"))).toBe(false);
    expect(isTesterOnlyChange(url("/font/10001?text=a"), url("/font/10001?text=a"))).toBe(false);
    expect(isTesterOnlyChange(url("/font"), url("/font?text=a"))).toBe(false);
    expect(isTesterOnlyChange(url("/font/10001/download"), url("/font/10001/download?text=a"))).toBe(false);
  });

  it("loaders run again as Remix would have them, except for the tester's own changes without a submission", () => {
    const own = { currentUrl: url("/font/10001"), nextUrl: url("/font/10001?text=a"), defaultShouldRevalidate: true };
    expect(revalidatesUnlessTesterOnly(own)).toBe(false);
    expect(revalidatesUnlessTesterOnly({ ...own, formMethod: "POST" })).toBe(true);
    expect(revalidatesUnlessTesterOnly({ ...own, nextUrl: url("/font/10002") })).toBe(true);
    expect(revalidatesUnlessTesterOnly({ ...own, nextUrl: url("/font/10002"), defaultShouldRevalidate: false })).toBe(
      false,
    );
  });

  it("the tester's parameters are replaced, the others kept", () => {
    expect(withTesterParams("?download=1&text=a&size=96", "?text=b&theme=dark")).toBe("?download=1&text=b&theme=dark");
    expect(withTesterParams("?text=a", "")).toBe("");
  });
});
