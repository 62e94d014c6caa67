import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  SUCCESS_CODE,
  TOKEN_EXPIRED_CODE,
  envelopeSchema,
  errorEnvelopeSchema,
  pageQuerySchema,
  pageSchema,
  successEnvelopeSchema,
} from "./envelope";

function messageOf(schema: z.ZodTypeAny, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? "");
}

describe("envelope", () => {
  it("carries code, message and the endpoint's data; unknown keys are dropped", () => {
    const schema = envelopeSchema(z.object({ n: z.number() }));
    expect(schema.parse({ code: "200", message: "success", data: { n: 1, extra: true }, traceId: "x" })).toEqual({
      code: "200",
      message: "success",
      data: { n: 1 },
    });
    expect(schema.safeParse({ code: 200, message: "success", data: { n: 1 } }).success).toBe(false);
    expect(schema.safeParse({ code: "200", message: "success" }).success).toBe(false);
  });

  it("counts only the string 200 as success", () => {
    const schema = successEnvelopeSchema(z.null());
    expect(SUCCESS_CODE).toBe("200");
    expect(schema.safeParse({ code: "200", message: "success", data: null }).success).toBe(true);
    expect(schema.safeParse({ code: "400", message: "参数错误", data: null }).success).toBe(false);
  });

  it("describes a refusal: any other code, a message, null data", () => {
    expect(
      errorEnvelopeSchema.parse({ code: TOKEN_EXPIRED_CODE, message: "登录已过期，请重新登录", data: null }).code,
    ).toBe("S00106");
    expect(errorEnvelopeSchema.safeParse({ code: "200", message: "success", data: null }).success).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ code: "400", message: "", data: null }).success).toBe(false);
  });
});

describe("paging", () => {
  it("defaults to the first page of 20, read from query text", () => {
    expect(pageQuerySchema.parse({})).toEqual({ current: 1, size: 20 });
    expect(pageQuerySchema.parse({ current: "", size: "" })).toEqual({ current: 1, size: 20 });
    expect(pageQuerySchema.parse({ current: "3", size: "100" })).toEqual({ current: 3, size: 100 });
  });

  it("refuses what is not a plain integer in range, with the backend's messages", () => {
    expect(messageOf(pageQuerySchema, { current: "0" })).toBe("必须是正整数");
    expect(messageOf(pageQuerySchema, { current: "1.5" })).toBe("必须是正整数");
    expect(messageOf(pageQuerySchema, { current: "-1" })).toBe("必须是正整数");
    expect(messageOf(pageQuerySchema, { size: "101" })).toBe("必须是 1 到 100 之间的整数");
    expect(messageOf(pageQuerySchema, { size: ["10", "20"] })).toBe("只能出现一次");
    expect(messageOf(pageQuerySchema, { size: "1\u0000" })).toBe("不能包含空字符");
  });

  it("answers records with total, current, size and pages", () => {
    const schema = pageSchema(z.string());
    expect(schema.parse({ records: ["a"], total: 21, current: 2, size: 20, pages: 2 }).records).toEqual(["a"]);
    expect(schema.safeParse({ records: [], total: -1, current: 1, size: 20, pages: 0 }).success).toBe(false);
    expect(schema.safeParse({ records: [1], total: 1, current: 1, size: 20, pages: 1 }).success).toBe(false);
    expect(schema.safeParse({ records: [], total: 0, current: 1, size: 20 }).success).toBe(false);
  });
});
