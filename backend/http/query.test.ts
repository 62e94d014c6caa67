import { describe, expect, it } from "vitest";
import { malformedQueryProblem } from "./query.js";

describe("malformedQueryProblem", () => {
  it("accepts well-formed queries, including encoded text, plus signs and empty values", () => {
    for (const query of ["", "a=1", "keyword=%E5%AD%97&size=", "q=a+b", "flag", "x=%25", "a=1&&b=2"]) {
      expect(malformedQueryProblem(query), query).toBeNull();
    }
  });

  it("names the parameter carrying a NUL or a malformed escape", () => {
    expect(malformedQueryProblem("size=1&keyword=a%00")).toBe("参数 keyword 不能包含空字符");
    expect(malformedQueryProblem("keyword=%E0")).toMatch(/^参数 keyword 的编码不正确/);
    expect(malformedQueryProblem("keyword[a]=%ED%A0%80")).toMatch(/^参数 keyword 的编码不正确/);
    expect(malformedQueryProblem("keyword=100%")).toMatch(/^参数 keyword 的编码不正确/);
    expect(malformedQueryProblem("%E0=1")).toBe("查询参数的编码不正确");
    expect(malformedQueryProblem("a%00=1")).toBe("查询参数名不能包含空字符");
    expect(malformedQueryProblem(`${"n".repeat(500)}=%00`)).toBe(`参数 ${"n".repeat(40)}… 不能包含空字符`);
  });
});
