import { describe, expect, it } from "vitest";
import { describeError, NOT_FOUND_TEXT } from "./error-page";

describe("describeError: the status and message an error page shows", () => {
  it("reads statusCode, status or response.status, default 500", () => {
    expect(describeError({ statusCode: 404, message: "x" })).toEqual({ status: 404, message: "x" });
    expect(describeError({ status: 503 })).toEqual({ status: 503, message: null });
    expect(describeError({ response: { status: 502 } }).status).toBe(502);
    expect(describeError(new Error("boom"))).toEqual({ status: 500, message: "boom" });
    expect(describeError(undefined)).toEqual({ status: 500, message: null });
  });
  it("404 text", () => {
    expect(NOT_FOUND_TEXT).toBe("This page could not be found");
  });
});
