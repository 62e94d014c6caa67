import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ACCOUNT_MESSAGE,
  EMAIL_MESSAGE,
  EmailSchema,
  INVALID_INPUT_MESSAGE,
  PHONE_MESSAGE,
  PhoneOrEmailSchema,
  PhoneSchema,
  RequiredAccountSchema,
  RequiredPhoneSchema,
  fieldErrors,
  isEmail,
  isPhone,
  validateEmail,
  validatePhone,
  validatePhoneOrEmail,
} from "./validation";

describe("phone: 11 digits, 1 then 3–9", () => {
  it.each(["13800138000", "19912345678", "15000000000", "17011112222"])("accepts %s", (value) => {
    expect(isPhone(value)).toBe(true);
    expect(validatePhone(value)).toBeUndefined();
  });
  it.each([
    "12800138000", // second digit 2
    "10800138000", // second digit 0
    "23800138000", // first digit not 1
    "1380013800", // 10 digits
    "138001380000", // 12 digits
    "1380013800a",
    "+8613800138000",
    " 1380013800",
  ])("rejects %s", (value) => {
    expect(isPhone(value.trim())).toBe(false);
    expect(validatePhone(value)).toBe(PHONE_MESSAGE);
  });
  it("passes silently when empty", () => {
    expect(validatePhone("")).toBeUndefined();
    expect(validatePhone(undefined)).toBeUndefined();
    expect(PhoneSchema.safeParse("").success).toBe(true);
  });
  it("has the Chinese message", () => {
    expect(PHONE_MESSAGE).toBe("手机号格式不正确");
  });
});

describe("e-mail", () => {
  it.each(["a@b.cn", "user_name-1@mail-box.com", "x@y.com.cn", "A1@B2.org", "a@b.co.uk"])("accepts %s", (value) => {
    expect(isEmail(value)).toBe(true);
    expect(validateEmail(value)).toBeUndefined();
  });
  it.each([
    "a@b", // no suffix
    "a@b.c", // suffix 1 char
    "a@b.info", // suffix 4 chars
    "a@b.com.cn.hk", // three suffix segments
    "first.last@b.com", // dot before @ is not allowed by the rule
    "@b.com",
    "a@.com",
    "a b@c.com",
    "a@@b.com",
  ])("rejects %s", (value) => {
    expect(isEmail(value)).toBe(false);
    expect(validateEmail(value)).toBe(EMAIL_MESSAGE);
  });
  it("passes silently when empty", () => {
    expect(validateEmail("")).toBeUndefined();
    expect(EmailSchema.safeParse(undefined).success).toBe(true);
  });
  it("has the Chinese message", () => {
    expect(EMAIL_MESSAGE).toBe("邮箱格式不正确");
  });
});

describe("phone or e-mail account", () => {
  it("accepts either", () => {
    expect(validatePhoneOrEmail("13800138000")).toBeUndefined();
    expect(validatePhoneOrEmail("a@b.cn")).toBeUndefined();
  });
  it("rejects neither with its message", () => {
    expect(validatePhoneOrEmail("12345")).toBe(ACCOUNT_MESSAGE);
    expect(ACCOUNT_MESSAGE).toBe("手机号或邮箱账号格式不正确");
    const result = PhoneOrEmailSchema.safeParse("abc");
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0].message).toBe(ACCOUNT_MESSAGE);
  });
  it("does not complain about an empty value", () => {
    expect(validatePhoneOrEmail("")).toBeUndefined();
    expect(PhoneOrEmailSchema.safeParse("").success).toBe(true);
  });
});

describe("schemas and constants", () => {
  it("required variants demand a value, then the format", () => {
    const empty = RequiredPhoneSchema.safeParse("");
    expect(empty.success).toBe(false);
    if (!empty.success) expect(empty.error.issues[0].message).toBe("请输入手机号");
    const bad = RequiredPhoneSchema.safeParse("123");
    expect(bad.success).toBe(false);
    if (!bad.success) expect(bad.error.issues[0].message).toBe(PHONE_MESSAGE);
    expect(RequiredPhoneSchema.parse(" 13800138000 ")).toBe("13800138000");
    expect(RequiredAccountSchema.safeParse("a@b.cn").success).toBe(true);
  });
  it("fieldErrors keeps the first message per field", () => {
    const schema = z.object({ phone: PhoneSchema, email: EmailSchema });
    const result = schema.safeParse({ phone: "1", email: "x" });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ phone: PHONE_MESSAGE, email: EMAIL_MESSAGE });
  });
  it("dialog message", () => {
    expect(INVALID_INPUT_MESSAGE).toBe("输入的数据不合法!");
  });
});
