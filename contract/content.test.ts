import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  contentIdQuerySchema,
  contentPageQuerySchema,
  MESSAGE_CONTACT_MESSAGE,
  messageBoardBodySchema,
  searchQuerySchema,
} from "./content";
import { EMAIL_MESSAGE, HONEYPOT_MESSAGE, PHONE_MESSAGE } from "./fields";

function messageOf(schema: z.ZodTypeAny, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? "");
}

describe("message board body", () => {
  const valid = { name: "小林", phone: "13800138000", content: "想要更多圆体" };

  it("takes a phone number or an e-mail address, and needs one of them", () => {
    expect(messageBoardBodySchema.parse(valid)).toEqual({ ...valid, website: undefined, email: undefined });
    expect(messageBoardBodySchema.parse({ ...valid, phone: "", email: " Me@Example.com " })).toMatchObject({
      phone: undefined,
      email: "me@example.com",
    });
    expect(messageOf(messageBoardBodySchema, { ...valid, phone: "" })).toBe(MESSAGE_CONTACT_MESSAGE);
    expect(messageOf(messageBoardBodySchema, { ...valid, phone: "12345678901" })).toBe(PHONE_MESSAGE);
    expect(messageOf(messageBoardBodySchema, { ...valid, email: "me@example" })).toBe(EMAIL_MESSAGE);
  });

  it("checks the honeypot before anything else", () => {
    expect(messageOf(messageBoardBodySchema, { website: "x", phone: "bad" })).toBe(HONEYPOT_MESSAGE);
  });

  it("bounds the name and the message in characters a person sees", () => {
    expect(messageOf(messageBoardBodySchema, { ...valid, name: "👨‍👩‍👧".repeat(20) })).toBeNull();
    expect(messageOf(messageBoardBodySchema, { ...valid, name: "字".repeat(21) })).toBe("称呼最多 20 个字");
    expect(messageOf(messageBoardBodySchema, { ...valid, content: "字".repeat(500) })).toBeNull();
    expect(messageOf(messageBoardBodySchema, { ...valid, content: " \n " })).toBe("请输入留言内容");
    expect(messageOf(messageBoardBodySchema, { ...valid, content: "a\u0000b" })).toBe("留言内容不能包含控制字符");
    expect(messageOf(messageBoardBodySchema, "text")).toBe("请求内容应为 JSON 对象");
  });
});

describe("content queries", () => {
  it("reads ids, pages and filters from their digits", () => {
    expect(contentIdQuerySchema.parse({ id: "12" })).toEqual({ id: 12 });
    expect(messageOf(contentIdQuerySchema, { id: "0" })).toBe("必须是正整数");
    expect(messageOf(contentIdQuerySchema, { id: "99999999999" })).toBe("必须是正整数");
    expect(contentPageQuerySchema.parse({ tagId: "", keyword: " 楷书 " })).toEqual({
      current: 1,
      size: 20,
      tagId: undefined,
      keyword: "楷书",
    });
  });

  it("needs a keyword to search and takes one kind or all", () => {
    expect(searchQuerySchema.parse({ keyword: "楷书" })).toMatchObject({ keyword: "楷书", type: "all" });
    expect(searchQuerySchema.parse({ keyword: "楷书", type: "baike" }).type).toBe("baike");
    expect(messageOf(searchQuerySchema, {})).toBe("不能为空");
    expect(messageOf(searchQuerySchema, { keyword: "字".repeat(51) })).toBe("最多 50 个字符");
    expect(messageOf(searchQuerySchema, { keyword: "楷书", type: "books" })).toMatch(/^必须是 all、fonts、/);
  });
});
