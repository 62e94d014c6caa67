// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isSafeLink, renderMarkdown } from "./markdown.server";

function dom(html: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}

describe("renderMarkdown", () => {
  it("renders headings, lists, emphasis, quotes and tables", () => {
    const html = renderMarkdown(
      "## 楷书\n\n- **端正**\n- *平稳*\n\n> 字如其人\n\n| 书体 | 朝代 |\n| --- | --- |\n| 楷书 | 汉末 |\n",
    );
    const body = dom(html);
    expect(body.querySelector("h2")?.textContent).toBe("楷书");
    expect([...body.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["端正", "平稳"]);
    expect(body.querySelector("strong")?.textContent).toBe("端正");
    expect(body.querySelector("blockquote")?.textContent?.trim()).toBe("字如其人");
    expect(body.querySelector(".prose__table table td")?.textContent).toBe("楷书");
  });

  it("turns a level-one heading into h2: the page title is the only h1", () => {
    const body = dom(renderMarkdown("# 标题\n\n正文"));
    expect(body.querySelector("h1")).toBeNull();
    expect(body.querySelector("h2")?.textContent).toBe("标题");
  });

  it("escapes raw HTML instead of passing it through", () => {
    const source = [
      "<script>alert(1)</script>",
      "",
      '<img src=x onerror="alert(2)">',
      "",
      '段落里的 <b onclick="alert(3)">标签</b> 和 <iframe src="https://evil.example"></iframe>',
      "",
      "<style>body{display:none}</style>",
    ].join("\n");
    const html = renderMarkdown(source);
    const body = dom(html);
    expect(body.querySelector("script, img, b, iframe, style")).toBeNull();
    expect(html).not.toMatch(/<(script|img|b|iframe|style)\b/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(body.textContent).toContain('<b onclick="alert(3)">标签</b>');
  });

  it("neutralises javascript:, data: and other unsafe link destinations", () => {
    const source = [
      "[a](javascript:alert(1))",
      "[b](JaVaScRiPt:alert(1))",
      "[c](java&#x09;script:alert(1))",
      "[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "[e](vbscript:msgbox)",
      "[f](//evil.example/path)",
      "[g](/\\evil.example)",
      "<javascript:alert(1)>",
      "[h]: javascript:alert(1)",
      "",
      "[ref][h]",
    ].join("\n\n");
    const body = dom(renderMarkdown(source));
    const hrefs = [...body.querySelectorAll("a")].map((a) => a.getAttribute("href") ?? "");
    for (const href of hrefs) {
      expect(href).not.toMatch(/^\s*(javascript|vbscript|data):/i);
      expect(href.startsWith("//")).toBe(false);
      expect(href).not.toContain("\\");
    }
    expect(body.textContent).toContain("a");
  });

  it("keeps safe links, marking external ones", () => {
    const body = dom(renderMarkdown("[字体](/font/10001) [官网](https://example.com/a) [写信](mailto:hi@example.com)"));
    const links = [...body.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/font/10001",
      "https://example.com/a",
      "mailto:hi@example.com",
    ]);
    expect(links[0]!.getAttribute("target")).toBeNull();
    expect(links[1]!.getAttribute("rel")).toBe("nofollow noopener noreferrer");
  });

  it("drops images from unsafe sources and keeps their description as text", () => {
    const body = dom(
      renderMarkdown(
        "![封面](/images/content/a.svg)\n\n![坏图](javascript:alert(1))\n\n![数据](data:image/png;base64,AAAA)",
      ),
    );
    const images = [...body.querySelectorAll("img")];
    expect(images.map((img) => img.getAttribute("src"))).toEqual(["/images/content/a.svg"]);
    expect(images[0]!.getAttribute("alt")).toBe("封面");
    expect(body.textContent).toContain("坏图");
  });
});

describe("isSafeLink", () => {
  it.each([
    ["/baike/3", true],
    ["#section", true],
    ["other-page", true],
    ["https://example.com", true],
    ["mailto:a@b.cn", true],
    ["javascript:alert(1)", false],
    [" javascript:alert(1)", false],
    ["java\tscript:alert(1)", false],
    ["//evil.example", false],
    ["/\\evil.example", false],
    ["data:text/html,hi", false],
    ["ftp://example.com", false],
  ])("%j → %s", (url, safe) => {
    expect(isSafeLink(url)).toBe(safe);
  });
});
