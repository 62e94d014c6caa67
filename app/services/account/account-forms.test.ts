import { describe, expect, it } from "vitest";
import {
  AGREE_MESSAGE,
  CONFIRM_MESSAGE,
  LoginCodeSchema,
  LoginPasswordSchema,
  RegisterEmailSchema,
  RegisterPhoneSchema,
  ResetPasswordSchema,
  keptValues,
  validate,
} from "./account-forms";

describe("account form schemas", () => {
  it("login by password: phone-or-e-mail account with the contract's message", () => {
    expect(validate(LoginPasswordSchema, { account: "13800138000", password: "x" }).ok).toBe(true);
    expect(validate(LoginPasswordSchema, { account: "a_b-c@d-e.com.cn", password: "x" }).ok).toBe(true);
    const bad = validate(LoginPasswordSchema, { account: "abc", password: "" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.fieldErrors.account).toBe("手机号或邮箱账号格式不正确");
      expect(bad.fieldErrors.password).toBe("请输入密码");
    }
    const empty = validate(LoginPasswordSchema, { account: "", password: "x" });
    if (!empty.ok) expect(empty.fieldErrors.account).toBe("请输入手机号或邮箱");
  });

  it("login by code: phone rule (1[3-9] + 9 digits) and a 6-digit code", () => {
    expect(validate(LoginCodeSchema, { phone: "15912345678", code: "123456" }).ok).toBe(true);
    const bad = validate(LoginCodeSchema, { phone: "12912345678", code: "12345" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.fieldErrors.phone).toBe("手机号格式不正确");
      expect(bad.fieldErrors.code).toBe("验证码为 6 位数字");
    }
  });

  it("register: password ≥ 8, confirmation, agreement", () => {
    const ok = validate(RegisterPhoneSchema, {
      phone: "13800138000",
      code: "123456",
      password: "12345678",
      confirmPassword: "12345678",
      agree: "on",
    });
    expect(ok.ok).toBe(true);
    const bad = validate(RegisterEmailSchema, {
      email: "x@y",
      code: "123456",
      password: "short",
      confirmPassword: "other",
      nickname: "x".repeat(21),
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.fieldErrors.email).toBe("邮箱格式不正确");
      expect(bad.fieldErrors.password).toBe("密码至少 8 个字符");
      expect(bad.fieldErrors.agree).toBe(AGREE_MESSAGE);
      expect(bad.fieldErrors.nickname).toBe("昵称最多 20 个字");
    }
    const mismatch = validate(ResetPasswordSchema, { password: "12345678", confirmPassword: "12345679" });
    if (!mismatch.ok) expect(mismatch.fieldErrors.confirmPassword).toBe(CONFIRM_MESSAGE);
    expect(mismatch.ok).toBe(false);
  });

  it("counts a nickname as people see it, as the backend does: 20 emoji fit, 21 characters do not", () => {
    const base = {
      phone: "13800138000",
      code: "123456",
      password: "12345678",
      confirmPassword: "12345678",
      agree: "on",
    };
    expect(validate(RegisterPhoneSchema, { ...base, nickname: "👨‍👩‍👧".repeat(20) }).ok).toBe(true);
    const long = validate(RegisterPhoneSchema, { ...base, nickname: "字".repeat(21) });
    expect(long.ok ? null : long.fieldErrors.nickname).toBe("昵称最多 20 个字");
  });

  it("keeps typed values except secrets", () => {
    const form = new FormData();
    form.set("account", "a@b.com");
    form.set("password", "secret");
    form.set("confirmPassword", "secret");
    form.set("click.x", "3");
    expect(keptValues(form)).toEqual({ account: "a@b.com" });
  });
});
