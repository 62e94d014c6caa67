import { describe, expect, it } from "vitest";
import {
  COMPARE_MAX,
  COMPARE_MESSAGES,
  addToCompare,
  applyCompareIntent,
  compareCookieString,
  normalizeCompareList,
  parseCompareList,
  removeFromCompare,
  serializeCompareCookieValue,
  serializeCompareStorageValue,
} from "./compare-list";
import { isGuardedPath } from "~/utils/misc";
import { parseCompareView, parsePdfCompareQuery, COMPARE_DEFAULT_TEXT, COMPARE_TEXT_MAX } from "./compare-view";

const tenFonts = Array.from({ length: COMPARE_MAX }, (_, index) => String(10001 + index));

describe("对比列表规则", () => {
  it("加入：成功、重复、已满、编号不正确各有其提示，列表只在成功时改变", () => {
    expect(addToCompare([], "10001")).toEqual({ ok: true, list: ["10001"], message: "添加对比成功" });
    expect(addToCompare(["10001"], "10001")).toMatchObject({ ok: false, list: ["10001"], message: "请勿重复添加" });
    const full = addToCompare(tenFonts, "20001");
    expect(full).toMatchObject({ ok: false, reason: "full", list: tenFonts });
    expect(full.message).toContain(`最多对比 ${COMPARE_MAX} 款字体`);
    expect(addToCompare(["10001"], "../x")).toMatchObject({ ok: false, reason: "invalid", list: ["10001"] });
  });

  it("移除：成功，或字体不在列表里时「字体不存在」", () => {
    expect(removeFromCompare(["10001", "10002"], "10001")).toEqual({
      ok: true,
      list: ["10002"],
      message: "移除对比成功",
    });
    expect(removeFromCompare(["10002"], "10001")).toMatchObject({ ok: false, message: "字体不存在" });
    expect(removeFromCompare([], null)).toMatchObject({ ok: false, message: COMPARE_MESSAGES.absent });
  });

  it("applyCompareIntent 按意图加入或移除", () => {
    expect(applyCompareIntent([], "add", "10003").list).toEqual(["10003"]);
    expect(applyCompareIntent(["10003"], "remove", "10003").list).toEqual([]);
  });

  it("读取：Cookie 的点分格式与本地存储的 JSON 都能读，去重、丢弃无效项、最多 10 款", () => {
    expect(parseCompareList("10001.10002.10001")).toEqual(["10001", "10002"]);
    expect(parseCompareList('["10005","x",10006,"10005"]')).toEqual(["10005", "10006"]);
    expect(parseCompareList("{not json")).toEqual([]);
    expect(parseCompareList('["10001"')).toEqual([]);
    expect(parseCompareList('{"a":1}')).toEqual([]);
    expect(parseCompareList(null)).toEqual([]);
    expect(parseCompareList([...tenFonts, "30001"].join("."))).toEqual(tenFonts);
    expect(normalizeCompareList(["<script>", "", "10001"])).toEqual(["10001"]);
  });

  it("写入：两种格式互相读得回来，Cookie 值只有数字和点", () => {
    const list = ["10003", "10001"];
    expect(parseCompareList(serializeCompareCookieValue(list))).toEqual(list);
    expect(parseCompareList(serializeCompareStorageValue(list))).toEqual(list);
    expect(serializeCompareCookieValue(list)).toMatch(/^[0-9.]+$/);
    expect(compareCookieString(list, true)).toBe(
      "compare-fonts=10003.10001; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
    expect(compareCookieString([], false)).toBe("compare-fonts=; Path=/; Max-Age=0; SameSite=Lax");
  });
});

describe("对比页与 PDF 的参数", () => {
  it("页面：无效参数恢复默认并提示，过长的文字截断", () => {
    const parsed = parseCompareView(new URLSearchParams({ size: "9999", theme: "pink", layout: "grid" }));
    expect(parsed.view).toEqual({ text: COMPARE_DEFAULT_TEXT, size: 48, theme: "light", layout: "grid" });
    expect(parsed.notice).toBe("部分参数无效，已恢复默认：字号、背景。");
    const long = "字".repeat(COMPARE_TEXT_MAX + 5);
    const cut = parseCompareView(new URLSearchParams({ text: long }));
    expect(Array.from(cut.view.text)).toHaveLength(COMPARE_TEXT_MAX);
    expect(cut.typedText).toBe(long);
    expect(cut.notice).toContain(`最多 ${COMPARE_TEXT_MAX} 个字`);
  });

  it("PDF：编号取自 gno 参数（可重复，也可用逗号分隔），不正确、太多、太长都拒绝", () => {
    const query = (init: string) => parsePdfCompareQuery(new URLSearchParams(init));
    expect(query("gno=10001&gno=10002,10003&text=你好")).toEqual({
      ok: true,
      request: { gnos: ["10001", "10002", "10003"], text: "你好" },
    });
    expect(query("")).toEqual({ ok: true, request: { gnos: null, text: COMPARE_DEFAULT_TEXT } });
    expect(query("gno=abc")).toMatchObject({ ok: false, status: 400 });
    const eleven = Array.from({ length: 11 }, (_, index) => `gno=${20001 + index}`).join("&");
    expect(query(eleven)).toMatchObject({ ok: false, message: "最多对比 10 款字体（收到 11 款）" });
    expect(query(`gno=10001&text=${"字".repeat(COMPARE_TEXT_MAX + 1)}`)).toMatchObject({ ok: false, status: 400 });
  });
});

describe("对比页的访问", () => {
  it("/user/compare 不需要登录（列表在访客的浏览器里），其余 /user 页面仍需要", () => {
    expect(isGuardedPath("/user/compare")).toBe(false);
    expect(isGuardedPath("/user/compare/")).toBe(false);
    expect(isGuardedPath("/user/compare-other")).toBe(true);
    expect(isGuardedPath("/user/favorite")).toBe(true);
    expect(isGuardedPath("/user")).toBe(true);
  });
});
