import { describe, expect, it } from "vitest";
import { highlightParts } from "./highlight";

const marked = (text: string, keyword: string) =>
  highlightParts(text, keyword)
    .filter((part) => part.match)
    .map((part) => part.text);

describe("highlightParts", () => {
  it("marks every occurrence of the keyword and keeps the whole text", () => {
    const parts = highlightParts("楷书又称正书，楷书由隶书演变而来", "楷书");
    expect(parts.map((part) => part.text).join("")).toBe("楷书又称正书，楷书由隶书演变而来");
    expect(marked("楷书又称正书，楷书由隶书演变而来", "楷书")).toEqual(["楷书", "楷书"]);
  });

  it("marks the pieces of a keyword the text has apart", () => {
    expect(marked("楷书是后世印刷字体的基础", "楷书字体")).toEqual(["楷书", "字体"]);
  });

  it("prefers the longest piece and does not mark single characters of a longer keyword", () => {
    expect(marked("霞鹜文楷适合字幕，文字清楚", "霞鹜文楷")).toEqual(["霞鹜文楷"]);
    expect(marked("一个楷字", "楷书")).toEqual([]);
  });

  it("marks a single-character keyword", () => {
    expect(marked("永字八法", "永")).toEqual(["永"]);
  });

  it("splits the keyword at spaces and punctuation and ignores case", () => {
    expect(marked("SIL OFL 1.1 讲清楚 Vlog 字幕", "ofl，vlog")).toEqual(["OFL", "Vlog"]);
  });

  it("returns the text unmarked for an empty keyword", () => {
    expect(highlightParts("隶书", "  ")).toEqual([{ text: "隶书", match: false }]);
    expect(highlightParts("", "隶书")).toEqual([]);
  });

  it("does not split characters outside the basic plane", () => {
    const parts = highlightParts("𠀀楷书𠀀", "楷书");
    expect(parts).toEqual([
      { text: "𠀀", match: false },
      { text: "楷书", match: true },
      { text: "𠀀", match: false },
    ]);
  });
});
