import { describe, expect, it } from "vitest";
import { canonicalPath, withSocialMeta } from "./social-meta";

const root = { id: "root", data: { origin: "https://example.com", env: { staticBase: "" } } };

function metaFor(pathname: string, search: string, descriptors: object[], extras?: object) {
  const meta = withSocialMeta(() => descriptors as never, extras ? () => extras : undefined);
  return meta({
    location: { pathname, search, hash: "", state: null, key: "" },
    matches: [root],
    data: undefined,
    params: {},
    error: undefined,
  } as never) as Array<Record<string, unknown>>;
}

describe("canonical addresses", () => {
  it("drop .html, tracking and preview parameters, and keep the ones that name the page", () => {
    expect(canonicalPath("/font/10001.html", "?text=你好&size=48&theme=dark&utm_source=wx&download=1")).toBe(
      "/font/10001",
    );
    expect(canonicalPath("/font", "?style=hei&page=2&layout=table")).toBe("/font?page=2&style=hei");
    expect(canonicalPath("/", "")).toBe("/");
    expect(canonicalPath("/news/", "?share=1")).toBe("/news");
  });
});

describe("social meta", () => {
  it("adds the canonical link, Open Graph and the Twitter card to a public page", () => {
    const tags = metaFor(
      "/news/3",
      "?utm_medium=share",
      [{ title: "字体授权 - 资讯 - 短视频字体" }, { name: "description", content: "读懂授权" }],
      {
        image: "/images/content/news/a.svg",
        type: "article",
        jsonLd: [{ "@type": "NewsArticle" }],
      },
    );
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/news/3" });
    expect(tags).toContainEqual({ property: "og:title", content: "字体授权 - 资讯" });
    expect(tags).toContainEqual({ property: "og:description", content: "读懂授权" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://example.com/images/content/news/a.svg" });
    expect(tags).toContainEqual({ property: "og:type", content: "article" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ "script:ld+json": { "@type": "NewsArticle" } });
  });

  it("gives a page kept from search engines its canonical link only", () => {
    const tags = metaFor("/user", "", [{ title: "个人中心 - 短视频字体" }, { name: "robots", content: "noindex" }]);
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/user" });
    expect(tags.some((tag) => "property" in tag)).toBe(false);
  });
});
