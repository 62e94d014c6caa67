import { describe, expect, it } from "vitest";
import { isAllowedRequest, type CrossSiteHeaders } from "../server/cross-site-requests.js";

const OWN = "https://www.example.com";

function judge(headers: Partial<CrossSiteHeaders>): boolean {
  return isAllowedRequest({
    method: "POST",
    origin: undefined,
    fetchSite: undefined,
    ownOrigin: OWN,
    allowedOrigins: ["https://admin.example.net"],
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
    ["a client that sends neither header", {}],
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
  ])("refuses %s", (_label, headers) => {
    expect(judge(headers)).toBe(false);
  });

  it.each(["GET", "HEAD", "OPTIONS"])("never refuses %s, which changes nothing", (method) => {
    expect(judge({ method, origin: "https://evil.example", fetchSite: "cross-site" })).toBe(true);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("judges %s", (method) => {
    expect(judge({ method, origin: "https://evil.example" })).toBe(false);
  });
});
