import { describe, expect, it } from "vitest";
import { isAllowedRequest, type CrossSiteHeaders } from "./cross-site-requests.js";

const OWN = "https://www.example.com";

function judge(headers: Partial<CrossSiteHeaders>): boolean {
  return isAllowedRequest({
    method: "POST",
    origin: undefined,
    fetchSite: undefined,
    referer: undefined,
    ownOrigin: OWN,
    allowedOrigins: ["https://admin.example.net"],
    siteDomain: "example.com",
    ...headers,
  });
}

describe("isAllowedRequest", () => {
  it.each([
    ["the site's own origin", { origin: OWN }],
    ["the own origin spelt with case and the default port", { origin: "HTTPS://WWW.Example.com:443" }],
    ["an ALLOWED_ORIGINS page, even cross-site", { origin: "https://admin.example.net", fetchSite: "cross-site" }],
    ["a same-origin fetch", { fetchSite: "same-origin" }],
    ["a sibling subdomain", { origin: "https://m.example.com", fetchSite: "same-site" }],
    ["a request the user started (address bar, bookmark)", { fetchSite: "none" }],
    ["a client that sends none of Origin, Sec-Fetch-Site and Referer", {}],
    ["a page of this site by its Referer alone", { referer: `${OWN}/account/login?next=/user` }],
    ["a SITE_DOMAIN subdomain by its Referer alone", { referer: "https://m.example.com/font/1" }],
    ["an ALLOWED_ORIGINS page by its Referer alone", { referer: "https://admin.example.net/fonts" }],
    ["a same-origin fetch whatever its Referer says", { fetchSite: "same-origin", referer: "https://evil.example/" }],
  ])("allows %s", (_label, headers) => {
    expect(judge(headers)).toBe(true);
  });

  it.each([
    ["a foreign origin", { origin: "https://evil.example" }],
    ["a foreign origin with a lookalike host", { origin: "https://www.example.com.evil.example" }],
    ["the own host over another scheme", { origin: "http://www.example.com" }],
    ["the own host on another port", { origin: "https://www.example.com:8443" }],
    ["Origin: null", { origin: "null" }],
    ["Origin: null, even when Sec-Fetch-Site claims same-origin", { origin: "null", fetchSite: "same-origin" }],
    ["a malformed Origin", { origin: "not a url" }],
    ["a cross-site fetch without Origin", { fetchSite: "cross-site" }],
    ["a cross-site fetch from a foreign origin", { origin: "https://evil.example", fetchSite: "cross-site" }],
    ["an unknown Sec-Fetch-Site value", { fetchSite: "somewhere" }],
    ["a foreign page by its Referer alone", { referer: "https://evil.example/csrf.html" }],
    ["a lookalike host by its Referer alone", { referer: "https://www.example.com.evil.example/" }],
    ["a host ending like SITE_DOMAIN without the dot", { referer: "https://notexample.com/" }],
    ["a Referer that is no web page", { referer: "about:blank" }],
    ["a cross-site fetch whatever its Referer says", { fetchSite: "cross-site", referer: `${OWN}/` }],
  ])("refuses %s", (_label, headers) => {
    expect(judge(headers)).toBe(false);
  });

  it.each(["GET", "HEAD", "OPTIONS"])("never refuses %s, which changes nothing", (method) => {
    expect(
      judge({ method, origin: "https://evil.example", fetchSite: "cross-site", referer: "https://evil.example/" }),
    ).toBe(true);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("judges %s", (method) => {
    expect(judge({ method, origin: "https://evil.example" })).toBe(false);
  });
});

describe("isAllowedRequest without SITE_DOMAIN", () => {
  it("takes only this origin's and ALLOWED_ORIGINS' pages by their Referer", () => {
    expect(judge({ siteDomain: "", referer: "https://m.example.com/font/1" })).toBe(false);
    expect(judge({ siteDomain: "", referer: `${OWN}/font/1` })).toBe(true);
  });
});
