import { describe, expect, it } from "vitest";
import { cacheChoice, type RequestFacts } from "./routes";

const origin = "https://ziti.example";
const request = (url: string, facts: Partial<Omit<RequestFacts, "url">> = {}): RequestFacts => ({
  url: new URL(url, origin),
  method: "GET",
  mode: "no-cors",
  destination: "",
  ...facts,
});
const choose = (url: string, facts?: Partial<Omit<RequestFacts, "url">>) => cacheChoice(request(url, facts), origin);

describe("service worker: which cache answers a request", () => {
  it("pages a visitor read are kept; account pages never are", () => {
    expect(choose("/font/abc", { mode: "navigate", destination: "document" })).toBe("page");
    expect(choose("/", { mode: "navigate", destination: "document" })).toBe("page");
    for (const path of ["/user/profile", "/user", "/account/login", "/user_/compare", "/resources/compare"]) {
      expect(choose(path, { mode: "navigate", destination: "document" }), path).toBe("private-page");
    }
    expect(choose("/offline", { mode: "navigate", destination: "document" })).toBe("private-page");
  });

  it("subset font files, immutable, from this site or the subset host", () => {
    const file = `/webfont/files/${"a1".repeat(16)}.woff2?t=1700000000000`;
    expect(choose(file, { mode: "cors", destination: "font" })).toBe("subset-font");
    expect(cacheChoice(request(`https://subset.example${file}`, { mode: "cors", destination: "font" }), origin)).toBe(
      "subset-font",
    );
    expect(choose("/webfont/files/index.json", { destination: "font" })).toBe("network");
    expect(choose("/webfont/http", { method: "POST", mode: "cors" })).toBe("network");
  });

  it("images of this site, not of other sites or the build", () => {
    expect(choose("/images/banner/1.jpg", { destination: "image" })).toBe("image");
    expect(choose("https://cdn.example/a.jpg", { destination: "image" })).toBe("network");
    expect(choose("/build/assets/logo-ABC.svg", { destination: "image" })).toBe("network");
  });

  it("data requests, API calls and submissions go to the network", () => {
    expect(choose("/font/abc.data", { mode: "cors" })).toBe("network");
    expect(choose("/web/api/v1/font/list", { mode: "cors" })).toBe("network");
    expect(choose("/contact", { method: "POST", mode: "navigate", destination: "document" })).toBe("network");
  });
});
