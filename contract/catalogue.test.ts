import { describe, expect, it } from "vitest";
import { z } from "zod";
import { childFontSchema, fontListQuerySchema, keywordQuerySchema, keywordSuggestionSchema } from "./catalogue";

function messageOf(schema: z.ZodTypeAny, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? "");
}

describe("font list query", () => {
  it("fills defaults and drops empty filters", () => {
    expect(fontListQuerySchema.parse({ keyword: "  ", style: "", sort: "" })).toEqual({
      current: 1,
      size: 20,
      sort: "hot",
      style: undefined,
      tagId: undefined,
      keyword: undefined,
      text: undefined,
    });
    expect(fontListQuerySchema.parse({ style: "cute", tagId: "3", keyword: " 黑体 ", sort: "new" })).toMatchObject({
      style: "cute",
      tagId: 3,
      keyword: "黑体",
      sort: "new",
    });
  });

  it("refuses unknown styles and sorts, and a text over 200 characters", () => {
    expect(messageOf(fontListQuerySchema, { style: "nope" })).toMatch(/^必须是 all、daily、/);
    expect(messageOf(fontListQuerySchema, { sort: "random" })).toBe("必须是 hot、new、name 之一");
    expect(messageOf(fontListQuerySchema, { text: "𠮷".repeat(200) })).toBeNull();
    expect(messageOf(fontListQuerySchema, { text: "字".repeat(201) })).toBe("最多 200 个字符");
    expect(messageOf(fontListQuerySchema, { keyword: "字".repeat(51) })).toBe("最多 50 个字符");
  });

  it("bounds the keyword suggestions", () => {
    expect(keywordQuerySchema.parse({})).toEqual({ keyword: undefined, limit: 10 });
    expect(messageOf(keywordQuerySchema, { limit: "21" })).toBe("必须是 1 到 20 之间的整数");
  });
});

describe("answers", () => {
  it("a font suggestion leads to a font; a keyword does not need to", () => {
    expect(keywordSuggestionSchema.safeParse({ type: "keyword", keyword: "可爱" }).success).toBe(true);
    expect(keywordSuggestionSchema.safeParse({ type: "font", keyword: "思源黑体" }).success).toBe(false);
    expect(keywordSuggestionSchema.safeParse({ type: "font", keyword: "思源黑体", fontGNo: "10001" }).success).toBe(
      true,
    );
  });

  it("a weight listed as a child has no children of its own", () => {
    const child = childFontSchema.shape;
    expect(child.childFontResource.safeParse([]).success).toBe(true);
    expect(child.childFontResource.safeParse([{}]).success).toBe(false);
  });
});
