import { describe, expect, it } from "vitest";
import { markdownToPlainText, snippetAround } from "./plain-text.js";
import { indexWords, queryWords } from "./segmenter.js";

describe("Chinese words for the search index", () => {
  it("splits text into words, keeping whole words and the words inside them", () => {
    const words = indexWords("霞鹜文楷衍生自 Klee One，颜真卿《多宝塔碑》").split(" ");
    expect(words).toEqual(expect.arrayContaining(["霞鹜文楷", "霞鹜", "文楷", "klee", "one", "颜真卿", "多宝塔碑"]));
    expect(words).not.toContain("，");
    expect(words).not.toContain("《");
  });

  it("reads a query as the words it must find, without punctuation or repeats", () => {
    expect(queryWords("颜真卿 楷书")).toEqual(["颜真卿", "楷书"]);
    expect(queryWords("楷书，楷书！")).toEqual(["楷书"]);
    expect(queryWords("OFL-1.1")).toEqual(["ofl", "1"]);
    expect(queryWords("！？。")).toEqual([]);
  });
});

describe("plain text of Markdown bodies", () => {
  it("keeps the words and drops the marks", () => {
    const markdown =
      "## 标题\n\n- **粗体**与*斜体*\n1. [链接](https://example.com)\n> 引文\n\n| 轴 | 含义 |\n| --- | --- |\n| wght | 字重 |";
    expect(markdownToPlainText(markdown)).toBe("标题\n粗体与斜体\n链接\n引文\n轴 含义\nwght 字重");
  });

  it("cuts a snippet around the first match, marking what was left out", () => {
    const text = `${"前".repeat(100)}楷书${"后".repeat(100)}`;
    const snippet = snippetAround(text, ["楷书"]);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("楷书");
    expect(snippetAround("短文本", ["楷书"])).toBe("短文本");
  });
});
