import { describe, expect, it } from "vitest";
import { subsetRequestSchema, subsetResponseItemSchema } from "./subset";

function messageOf(input: unknown): string | null {
  const result = subsetRequestSchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? "");
}

/** `count` different CJK ideographs. */
function distinctIdeographs(count: number): string {
  return Array.from({ length: count }, (_, index) => String.fromCodePoint(0x4e00 + index)).join("");
}

describe("subset request", () => {
  it("takes a list or {list}, numbers as font numbers", () => {
    expect(subsetRequestSchema.parse([{ gno: 10001, text: "你好" }])).toEqual([{ gno: "10001", text: "你好" }]);
    expect(subsetRequestSchema.parse({ list: [{ gno: "10002", text: "好" }] })).toEqual([{ gno: "10002", text: "好" }]);
  });

  it("names the item at fault", () => {
    expect(messageOf([])).toBe("请求列表不能为空");
    expect(messageOf({ gno: "1", text: "a" })).toBe("请求体必须是 [{gno, text}] 数组，或 {list: [{gno, text}]}");
    expect(messageOf([{ gno: "10001", text: "a" }, { gno: "10001" }])).toBe("第 2 项：text 不能为空");
    expect(messageOf([{ gno: "../x", text: "a" }])).toBe("第 1 项：gno 必须是字体编号（字母或数字）");
    expect(messageOf(["x"])).toBe("第 1 项：必须是 {gno, text} 对象");
  });

  it("bounds the batch: 50 items, 2000 distinct characters each, 20000 in all", () => {
    const item = { gno: "10001", text: "字" };
    expect(messageOf(Array.from({ length: 50 }, () => item))).toBeNull();
    expect(messageOf(Array.from({ length: 51 }, () => item))).toBe("一次最多请求 50 项（收到 51 项）");
    expect(messageOf([{ gno: "10001", text: distinctIdeographs(2000).repeat(3) }])).toBeNull();
    expect(messageOf([{ gno: "10001", text: distinctIdeographs(2001) }])).toBe(
      "第 1 项：text 去重后不能超过 2000 个字符（收到 2001 个）",
    );
    const full = Array.from({ length: 11 }, () => ({ gno: "10001", text: distinctIdeographs(2000) }));
    expect(messageOf(full)).toBe("全部 text 去重后合计不能超过 20000 个字符（收到 22000 个）");
  });
});

describe("subset answer", () => {
  it("never declares a family name starting with a digit", () => {
    const item = {
      gno: "10001",
      text: "你好",
      woffPath: "/webfont/files/a.woff?t=1",
      ttfPath: "/webfont/files/a.ttf?t=1",
    };
    expect(subsetResponseItemSchema.safeParse({ ...item, familyName: "A10001-abc" }).success).toBe(true);
    expect(subsetResponseItemSchema.parse({ ...item, familyName: "10001-abc" }).familyName).toBe("A10001-abc");
  });
});
