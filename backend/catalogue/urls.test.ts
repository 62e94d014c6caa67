import { describe, expect, it } from "vitest";
import { assetUrlOn, downloadFileName, fontDownloadPath } from "./urls.js";

describe("asset URLs", () => {
  it("serves images from this server without STATIC_BASE", () => {
    expect(assetUrlOn(undefined)("/images/category/cute-dark.svg")).toBe("/images/category/cute-dark.svg");
  });

  it("puts images on STATIC_BASE when it is set", () => {
    expect(assetUrlOn("https://static.example.com/")("/images/social/wechat.svg")).toBe(
      "https://static.example.com/images/social/wechat.svg",
    );
  });
});

describe("font file URLs and names", () => {
  it("points at the download route, in TTF or WOFF2", () => {
    expect(fontDownloadPath("10001")).toBe("/api/v1/web/10001/download");
    expect(fontDownloadPath("10034", "woff2")).toBe("/api/v1/web/10034/download?format=woff2");
  });

  it("names downloads after the family and the weight", () => {
    expect(downloadFileName("站酷快乐体", "常规")).toBe("站酷快乐体-常规.ttf");
  });
});
