import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ACCOUNT_TYPE_MESSAGE,
  bindAccountBodySchema,
  changePasswordBodySchema,
  createUpdateAccountInfoBodySchema,
  registerPhoneBodySchema,
  sendCodeBodySchema,
  userSchema,
} from "./account";
import { HONEYPOT_MESSAGE, PASSWORD_MISMATCH_MESSAGE } from "./fields";

function issueOf(schema: z.ZodTypeAny, input: unknown): { message: string; path: string } | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { message: issue?.message ?? "", path: issue?.path.join(".") ?? "" };
}

const registration = { phone: "13800138000", code: "123456", password: "long enough" };

describe("registration", () => {
  it("wants the confirmation, when given, to repeat the password", () => {
    expect(registerPhoneBodySchema.parse({ ...registration, confirmPassword: "long enough", nickname: " " })).toEqual({
      ...registration,
      confirmPassword: "long enough",
      nickname: undefined,
    });
    expect(issueOf(registerPhoneBodySchema, { ...registration, confirmPassword: "other" })).toEqual({
      message: PASSWORD_MISMATCH_MESSAGE,
      path: "confirmPassword",
    });
  });

  it("answers a filled honeypot first", () => {
    expect(issueOf(registerPhoneBodySchema, { website: "x", phone: "1" })?.message).toBe(HONEYPOT_MESSAGE);
  });
});

describe("sendCode", () => {
  it("takes the account from account, phone or email, the first given", () => {
    expect(sendCodeBodySchema.parse({ phone: "13800138000", purpose: "login" })).toEqual({
      account: "13800138000",
      purpose: "login",
      captchaVerification: undefined,
    });
    expect(sendCodeBodySchema.parse({ account: "", email: "A@B.cn", purpose: "reset" }).account).toBe("a@b.cn");
    expect(issueOf(sendCodeBodySchema, { purpose: "register" })).toEqual({
      message: "请输入手机号或邮箱",
      path: "account",
    });
    expect(issueOf(sendCodeBodySchema, { account: "13800138000", purpose: "spam" })?.message).toBe(
      "验证码用途只能是 register、login、reset、bind、change、reauth 之一",
    );
  });
});

describe("account changes", () => {
  it("bind by type; an unknown type names the three", () => {
    expect(bindAccountBodySchema.parse({ type: "email", account: "A@B.cn", code: "123456" })).toEqual({
      type: "email",
      account: "a@b.cn",
      code: "123456",
    });
    expect(issueOf(bindAccountBodySchema, { type: "qq", account: "1" })?.message).toBe(ACCOUNT_TYPE_MESSAGE);
  });

  it("change the password with a confirmation that matches", () => {
    expect(issueOf(changePasswordBodySchema, { newPassword: "12345678", confirmPassword: "87654321" })?.path).toBe(
      "confirmPassword",
    );
    expect(changePasswordBodySchema.parse({ newPassword: "12345678" })).toEqual({ newPassword: "12345678" });
  });

  it("update only the profile fields sent", () => {
    const schema = createUpdateAccountInfoBodySchema(() => new Date("2024-05-01T23:30:00Z"));
    expect(schema.parse({})).toEqual({ gender: undefined });
    expect(schema.parse({ nickname: " 小明 ", gender: "2", birthday: "2024-05-02", bio: "👨‍👩‍👧" })).toEqual({
      nickname: "小明",
      gender: 2,
      birthday: "2024-05-02",
      bio: "👨‍👩‍👧",
    });
    expect(issueOf(schema, { nickname: "" })?.message).toBe("请输入昵称");
    expect(issueOf(schema, { birthday: "2024-05-03" })?.message).toBe("生日不能晚于今天");
  });
});

describe("user", () => {
  const user = {
    id: 1,
    nickname: "小明",
    avatar: null,
    gender: 0,
    birthday: "2000-01-01",
    bio: "",
    signature: "",
    city: "",
    phone: "13800138000",
    email: null,
    wechatBound: false,
    wechatNickname: null,
    hasPassword: true,
    createdAt: "2026-01-01T00:00:00.000Z",
  };

  it("has a birthday as a calendar date or null, never a timestamp", () => {
    expect(userSchema.parse(user).birthday).toBe("2000-01-01");
    expect(userSchema.safeParse({ ...user, birthday: null }).success).toBe(true);
    expect(userSchema.safeParse({ ...user, birthday: "1999-12-31T16:00:00.000Z" }).success).toBe(false);
    expect(userSchema.safeParse({ ...user, gender: 3 }).success).toBe(false);
  });
});
