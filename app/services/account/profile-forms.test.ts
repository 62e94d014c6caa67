import { describe, expect, it } from "vitest";
import {
  AVATAR_MAX_BYTES,
  AVATAR_MISSING_MESSAGE,
  AVATAR_NOT_IMAGE_MESSAGE,
  AVATAR_TOO_LARGE_MESSAGE,
  BindAccountSchema,
  BindSendCodeSchema,
  UnbindAccountSchema,
  charCount,
  checkAvatarFile,
  createChangePasswordSchema,
  createProfileInfoSchema,
  fitWithin,
  formValues,
  formatMemberSince,
  genderLabel,
  isCalendarDate,
  maskEmail,
  maskPhone,
  todayString,
  waysIn,
} from "./profile-forms";
import { fieldErrors } from "./validation";

function errorsOf(result: { success: boolean; error?: unknown }) {
  if (result.success) return {};
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

describe("maskPhone / maskEmail", () => {
  it("masks the middle four digits of a phone number", () => {
    expect(maskPhone("13800138000")).toBe("138****8000");
    expect(maskPhone(" 19912345678 ")).toBe("199****5678");
    expect(maskPhone("")).toBe("");
    expect(maskPhone(null)).toBe("");
    expect(maskPhone("12345")).toBe("1****");
  });

  it("keeps the first characters of the local part and the domain of an e-mail", () => {
    expect(maskEmail("zhangsan@example.com")).toBe("zh****@example.com");
    expect(maskEmail("ab@x.cn")).toBe("a****@x.cn");
    expect(maskEmail("a@qq.com")).toBe("a****@qq.com");
    expect(maskEmail(undefined)).toBe("");
    expect(maskEmail("nobody")).toBe("n****");
  });
});

describe("ProfileInfoSchema (intent=update-info)", () => {
  const now = () => new Date("2026-11-21T03:00:00Z");
  const schema = createProfileInfoSchema(now);

  it("accepts a full profile and trims text", () => {
    const parsed = schema.parse({
      nickname: "  小红  ",
      gender: "2",
      birthday: "1995-06-15",
      city: " 杭州 ",
      bio: "做美食 vlog",
    });
    expect(parsed).toEqual({ nickname: "小红", gender: "2", birthday: "1995-06-15", city: "杭州", bio: "做美食 vlog" });
  });

  it("needs a nickname of 1–20 characters, counted as people count them", () => {
    expect(errorsOf(schema.safeParse({ nickname: " " })).nickname).toBe("请输入昵称");
    expect(errorsOf(schema.safeParse({ nickname: "字".repeat(21) })).nickname).toBe("昵称最多 20 个字");
    expect(schema.safeParse({ nickname: "字".repeat(20) }).success).toBe(true);
    expect(schema.safeParse({ nickname: "😀".repeat(20) }).success).toBe(true);
    expect(charCount("😀𠮷")).toBe(2);
  });

  it("accepts an empty birthday, refuses a non-date and a day after today (China time)", () => {
    expect(schema.safeParse({ nickname: "a", birthday: "" }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ nickname: "a", birthday: "2026-02-30" })).birthday).toBe("请输入正确的日期");
    expect(errorsOf(schema.safeParse({ nickname: "a", birthday: "21-11-2026" })).birthday).toBe("请输入正确的日期");
    // 03:00 UTC is 11:00 in China: the 21st is today, the 22nd is the future.
    expect(schema.safeParse({ nickname: "a", birthday: "2026-11-21" }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ nickname: "a", birthday: "2026-11-22" })).birthday).toBe("生日不能晚于今天");
  });

  it("limits the bio to 200 characters and the gender to 保密/男/女", () => {
    expect(errorsOf(schema.safeParse({ nickname: "a", bio: "字".repeat(201) })).bio).toBe("个性签名不能超过 200 个字");
    expect(schema.safeParse({ nickname: "a", bio: "字".repeat(200) }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ nickname: "a", gender: "3" })).gender).toBe("请选择性别");
    expect(schema.parse({ nickname: "a" }).gender).toBe("0");
  });

  it("refuses control characters but keeps HTML as plain text", () => {
    expect(errorsOf(schema.safeParse({ nickname: "a\u0007b" })).nickname).toBe("昵称不能包含控制字符");
    expect(schema.parse({ nickname: "<b>x</b>';DROP--" }).nickname).toBe("<b>x</b>';DROP--");
  });
});

describe("BindAccountSchema / BindSendCodeSchema", () => {
  it("checks the account with the message for its type", () => {
    expect(errorsOf(BindAccountSchema.safeParse({ type: "phone", account: "12345", code: "123456" })).account).toBe(
      "手机号格式不正确",
    );
    expect(errorsOf(BindAccountSchema.safeParse({ type: "email", account: "a@b", code: "123456" })).account).toBe(
      "邮箱格式不正确",
    );
    expect(errorsOf(BindAccountSchema.safeParse({ type: "phone", account: "", code: "123456" })).account).toBe(
      "请输入手机号",
    );
    expect(errorsOf(BindAccountSchema.safeParse({ type: "email", account: "", code: "123456" })).account).toBe(
      "请输入邮箱",
    );
  });

  it("needs a 6-digit code", () => {
    expect(errorsOf(BindAccountSchema.safeParse({ type: "phone", account: "13800138000", code: "" })).code).toBe(
      "请输入验证码",
    );
    expect(errorsOf(BindAccountSchema.safeParse({ type: "phone", account: "13800138000", code: "12345a" })).code).toBe(
      "验证码为 6 位数字",
    );
  });

  it("defaults the purpose to bind and keeps change", () => {
    expect(BindAccountSchema.parse({ type: "phone", account: "13800138000", code: "123456" }).purpose).toBe("bind");
    expect(
      BindAccountSchema.parse({ type: "email", account: "a_b@example.com", code: "123456", purpose: "change" }).purpose,
    ).toBe("change");
    expect(
      BindAccountSchema.parse({ type: "phone", account: "13800138000", code: "123456", purpose: "register" }).purpose,
    ).toBe("bind");
  });

  it("send-code needs only the account", () => {
    expect(BindSendCodeSchema.safeParse({ type: "phone", account: "13800138000" }).success).toBe(true);
    expect(errorsOf(BindSendCodeSchema.safeParse({ type: "wechat", account: "x" })).type).toBe("账号类型不正确");
  });

  it("unbind takes phone, email or wechat", () => {
    expect(UnbindAccountSchema.safeParse({ type: "wechat" }).success).toBe(true);
    expect(UnbindAccountSchema.safeParse({ type: "qq" }).success).toBe(false);
  });
});

describe("createChangePasswordSchema (intent=password)", () => {
  const withOld = createChangePasswordSchema({ hasPassword: true });
  const withoutOld = createChangePasswordSchema({ hasPassword: false });

  it("asks for the old password only when the user has one", () => {
    expect(errorsOf(withOld.safeParse({ newPassword: "12345678", confirmPassword: "12345678" })).oldPassword).toBe(
      "请输入原密码",
    );
    expect(withoutOld.safeParse({ newPassword: "12345678", confirmPassword: "12345678" }).success).toBe(true);
  });

  it("needs at least 8 characters, not all spaces, and a matching confirmation", () => {
    expect(errorsOf(withoutOld.safeParse({ newPassword: "1234567", confirmPassword: "1234567" })).newPassword).toBe(
      "新密码至少 8 个字符",
    );
    expect(errorsOf(withoutOld.safeParse({ newPassword: "        ", confirmPassword: "        " })).newPassword).toBe(
      "密码不能全是空格",
    );
    expect(errorsOf(withoutOld.safeParse({ newPassword: "", confirmPassword: "" })).newPassword).toBe("请输入新密码");
    expect(
      errorsOf(withoutOld.safeParse({ newPassword: "12345678", confirmPassword: "12345679" })).confirmPassword,
    ).toBe("两次输入的密码不一致");
    expect(errorsOf(withoutOld.safeParse({ newPassword: "12345678" })).confirmPassword).toBe("请再次输入新密码");
  });

  it("does not trim passwords", () => {
    expect(
      withOld.parse({ oldPassword: " old ", newPassword: " 12345678 ", confirmPassword: " 12345678 " }).newPassword,
    ).toBe(" 12345678 ");
  });
});

describe("avatar helpers", () => {
  it("checks type and size before upload", () => {
    expect(checkAvatarFile(null)).toBe(AVATAR_MISSING_MESSAGE);
    expect(checkAvatarFile({ type: "image/png", size: 0 })).toBe(AVATAR_MISSING_MESSAGE);
    expect(checkAvatarFile({ type: "text/plain", size: 10 })).toBe(AVATAR_NOT_IMAGE_MESSAGE);
    expect(checkAvatarFile({ type: "image/svg+xml", size: 10 })).toBe(AVATAR_NOT_IMAGE_MESSAGE);
    expect(checkAvatarFile({ type: "image/jpeg", size: AVATAR_MAX_BYTES + 1 })).toBe(AVATAR_TOO_LARGE_MESSAGE);
    expect(checkAvatarFile({ type: "image/webp", size: AVATAR_MAX_BYTES })).toBeUndefined();
  });

  it("fits large pictures into 2000 px on the longer side (the cropper's limit)", () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2000, height: 1500, scale: 0.5 });
    expect(fitWithin(1000, 5000)).toEqual({ width: 400, height: 2000, scale: 0.4 });
    expect(fitWithin(2000, 10)).toEqual({ width: 2000, height: 10, scale: 1 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480, scale: 1 });
  });
});

describe("small helpers", () => {
  it("counts the ways in", () => {
    expect(waysIn({ phone: "13800138000", email: null, wechatBound: false })).toBe(1);
    expect(waysIn({ phone: "13800138000", email: "a@b.cn", wechatBound: true })).toBe(3);
    expect(waysIn({ phone: null, email: null, wechatBound: false })).toBe(0);
  });

  it("labels genders", () => {
    expect(genderLabel(0)).toBe("保密");
    expect(genderLabel(1)).toBe("男");
    expect(genderLabel("2")).toBe("女");
    expect(genderLabel(null)).toBe("保密");
  });

  it("writes dates in China time", () => {
    expect(todayString(new Date("2026-11-20T16:30:00Z"))).toBe("2026-11-21");
    expect(formatMemberSince("2026-01-31T20:00:00Z")).toBe("2026年2月1日");
    expect(formatMemberSince("nonsense")).toBe("");
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("1899-12-31")).toBe(false);
  });

  it("reads string fields only from FormData", () => {
    const form = new FormData();
    form.set("nickname", "小红");
    form.set("avatar", new Blob(["x"]), "a.png");
    expect(formValues(form, ["nickname", "avatar", "city"])).toEqual({ nickname: "小红" });
  });
});
