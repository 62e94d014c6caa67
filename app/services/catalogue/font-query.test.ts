import { describe, expect, it } from "vitest";
import {
  DEFAULT_FONT_LIST_QUERY,
  fontListSearch,
  listPreviewText,
  parseFontListQuery,
  parseTesterQuery,
  subtitleFilterFonts,
  subtitleFilterSearch,
  testerSearch,
  withoutSubtitleFilter,
} from "./font-query";
import { DEFAULT_PREVIEW_TEXT, LIST_TEXT_MAX } from "./preview-text";

describe("font list query", () => {
  it("has defaults, with the stick layout ", () => {
    const { query, notice, invalid } = parseFontListQuery(new URLSearchParams());
    expect(query).toEqual({
      layout: "stick",
      page: 1,
      style: undefined,
      tag: undefined,
      keyword: "",
      sort: "hot",
      text: "",
      fit: false,
      theme: "light",
      subtitle: "",
    });
    expect(notice).toBeNull();
    expect(invalid).toEqual([]);
  });

  it("parses good values", () => {
    const { query, notice } = parseFontListQuery(
      new URLSearchParams(
        "layout=table&page=3&style=cute&tag=7&keyword=%20黑体%20&sort=new&text=你好&fit=1&theme=dark",
      ),
    );
    expect(query).toMatchObject({
      layout: "table",
      page: 3,
      style: "cute",
      tag: 7,
      keyword: "黑体",
      sort: "new",
      text: "你好",
      fit: true,
      theme: "dark",
    });
    expect(notice).toBeNull();
  });

  it("treats empty values (plain GET form) as not given", () => {
    const { query, notice } = parseFontListQuery(
      new URLSearchParams("layout=&page=&style=&tag=&keyword=&sort=&text=&theme="),
    );
    expect(query.layout).toBe("stick");
    expect(query.page).toBe(1);
    expect(query.style).toBeUndefined();
    expect(notice).toBeNull();
  });

  it("accepts the checkbox's on value and style=all", () => {
    expect(parseFontListQuery({ fit: "on", style: "all" }).query).toMatchObject({ fit: true, style: undefined });
  });

  it("falls back to defaults for bad values with a Chinese notice", () => {
    const { query, invalid, notice } = parseFontListQuery(
      new URLSearchParams("layout=grid&page=-2&sort=random&tag=abc&theme=pink&fit=maybe&style=<script>&text=好"),
    );
    expect(query).toMatchObject({
      layout: "stick",
      page: 1,
      sort: "hot",
      theme: "light",
      fit: false,
      text: "好",
    });
    expect(query.style).toBeUndefined();
    expect(query.tag).toBeUndefined();
    expect(invalid.sort()).toEqual(["fit", "layout", "page", "sort", "style", "tag", "theme"]);
    expect(notice).toContain("已恢复默认");
    expect(notice).toContain("布局");
    expect(notice).toContain("页码");
  });

  it("rejects fractional and huge pages", () => {
    expect(parseFontListQuery({ page: "1.5" }).query.page).toBe(1);
    expect(parseFontListQuery({ page: "999999999" }).query.page).toBe(1);
    expect(parseFontListQuery({ page: "2" }).query.page).toBe(2);
  });

  it("cuts over-long text to 100 characters with a notice", () => {
    const long = "字".repeat(130);
    const { query, notice } = parseFontListQuery({ text: long });
    expect(Array.from(query.text)).toHaveLength(LIST_TEXT_MAX);
    expect(notice).toContain("100");
  });

  it("builds search strings without defaults, resetting the page", () => {
    const { query } = parseFontListQuery({ layout: "card", page: "3", text: "你好", fit: "1" });
    expect(fontListSearch(query)).toBe("?text=%E4%BD%A0%E5%A5%BD&fit=1&layout=card");
    expect(fontListSearch(query, { layout: "stick" })).toBe("?text=%E4%BD%A0%E5%A5%BD&fit=1");
    expect(fontListSearch(query, {}, true)).toContain("page=3");
    expect(fontListSearch(query, { page: 4 })).toContain("page=4");
    expect(fontListSearch(parseFontListQuery({}).query)).toBe("");
  });

  it("round-trips through the schema", () => {
    const { query } = parseFontListQuery({ style: "cute", tag: "3", sort: "name", theme: "dark", page: "2" });
    const again = parseFontListQuery(new URLSearchParams(fontListSearch(query, {}, true).slice(1)));
    expect(again.query).toEqual(query);
  });

  it("narrows to a subtitle's fonts with the file named, keeping the other filters and starting at page 1", () => {
    const { query } = parseFontListQuery({ text: "标题", style: "cute", page: "3" });
    const search = subtitleFilterSearch(query, ["10002", "10001"], "第1集\n字幕.srt");
    expect(search).toBe(
      `?${new URLSearchParams({ style: "cute", fonts: "10002.10001", subtitle: "第1集 字幕.srt", text: "标题" })}`,
    );
    const again = parseFontListQuery(new URLSearchParams(search!.slice(1)));
    expect(again.notice).toBeNull();
    expect(subtitleFilterFonts(again.query)).toEqual(["10002", "10001"]);
    expect(withoutSubtitleFilter(again.query)).toBe(`?${new URLSearchParams({ style: "cute", text: "标题" })}`);
  });

  it("says when no font can show the file, and gives up past 100 fonts", () => {
    const none = subtitleFilterSearch(DEFAULT_FONT_LIST_QUERY, [], "a.srt");
    expect(none).toBe("?fonts=none&subtitle=a.srt");
    expect(subtitleFilterFonts(parseFontListQuery(new URLSearchParams(none!.slice(1))).query)).toEqual([]);
    expect(subtitleFilterFonts(DEFAULT_FONT_LIST_QUERY)).toBeUndefined();
    const many = Array.from({ length: 101 }, (_, index) => String(10_000 + index));
    expect(subtitleFilterSearch(DEFAULT_FONT_LIST_QUERY, many, "a.srt")).toBeNull();
    expect(subtitleFilterSearch(DEFAULT_FONT_LIST_QUERY, many.slice(1), "a.srt")).not.toBeNull();
    expect(subtitleFilterSearch(DEFAULT_FONT_LIST_QUERY, ["1"], "长".repeat(200))).toBe(
      `?fonts=1&subtitle=${encodeURIComponent("长".repeat(80))}`,
    );
  });

  it("drops a fonts value that is not a list of numbers with a notice", () => {
    for (const fonts of ["all", "1.2.", "1,2", Array.from({ length: 101 }, () => "1").join(".")]) {
      const { query, notice } = parseFontListQuery({ fonts });
      expect(query.fonts, fonts).toBeUndefined();
      expect(notice, fonts).toContain("字幕检查的字体");
    }
  });

  it("uses the sample text when the visitor gave none", () => {
    expect(listPreviewText({ text: "" })).toBe(DEFAULT_PREVIEW_TEXT);
    expect(listPreviewText({ text: "你好" })).toBe("你好");
  });
});

describe("type tester query", () => {
  it("has defaults", () => {
    expect(parseTesterQuery(new URLSearchParams()).query).toEqual({
      text: "",
      size: 64,
      theme: "light",
      download: false,
    });
  });

  it("bounds the size to 12–200", () => {
    expect(parseTesterQuery({ size: "120" }).query.size).toBe(120);
    const small = parseTesterQuery({ size: "4" });
    expect(small.query.size).toBe(64);
    expect(small.notice).toContain("字号");
    expect(parseTesterQuery({ size: "201" }).query.size).toBe(64);
    expect(parseTesterQuery({ size: "abc" }).query.size).toBe(64);
  });

  it("reads download=1 and builds URLs", () => {
    const { query } = parseTesterQuery({ text: "你好", download: "1", theme: "dark" });
    expect(query.download).toBe(true);
    expect(testerSearch(query)).toBe("?text=%E4%BD%A0%E5%A5%BD&theme=dark&download=1");
    expect(testerSearch(query, { download: false, size: 100 })).toBe("?text=%E4%BD%A0%E5%A5%BD&size=100&theme=dark");
  });
});
