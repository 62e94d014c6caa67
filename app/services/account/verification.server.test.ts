import { describe, expect, it } from "vitest";
import { ApiError } from "~/utils/api-errors";
import { accountProblem } from "~/services/account/send-code";
import { isCaptchaRequired, isSendCodeIntent } from "./verification.server";

describe("send-code helpers", () => {
  it("checks the account against the purpose (with the field messages)", () => {
    expect(accountProblem("13800138000", "register")).toBeNull();
    expect(accountProblem("a@b.com", "reset")).toBeNull();
    expect(accountProblem("a@b.com", "login")).toBe("手机号格式不正确");
    expect(accountProblem("123", "register", "phone")).toBe("手机号格式不正确");
    expect(accountProblem("13800138000", "register", "email")).toBe("邮箱格式不正确");
    expect(accountProblem("x", "reset")).toBe("手机号或邮箱账号格式不正确");
    expect(accountProblem("", "reset", "email")).toBe("请输入邮箱");
  });

  it("recognises the backend's captcha refusals", () => {
    const refusal = (status: number, message: string) =>
      new ApiError({ status, code: String(status), message, serverMessage: message });
    expect(isCaptchaRequired(refusal(400, "请先完成滑块验证"))).toBe(true);
    expect(isCaptchaRequired(refusal(400, "滑块验证已失效，请重新验证"))).toBe(true);
    expect(isCaptchaRequired(refusal(400, "手机号格式不正确"))).toBe(false);
    expect(isCaptchaRequired(refusal(429, "获取验证码过于频繁"))).toBe(false);
  });

  it("treats the button and the captcha digits submitted with Enter as a send-code intent", () => {
    const button = new FormData();
    button.set("intent", "send-code");
    const digits = new FormData();
    digits.set("intent", "bind");
    digits.set("captchaToken", "t");
    digits.set("answer", "1234");
    expect(isSendCodeIntent(button)).toBe(true);
    expect(isSendCodeIntent(digits)).toBe(true);
    const noToken = new FormData();
    noToken.set("answer", "1234");
    expect(isSendCodeIntent(noToken)).toBe(false);
    expect(isSendCodeIntent(new FormData())).toBe(false);
    // The profile's bind form: a hidden intent=bind, then the button's intent=send-code.
    const bind = new FormData();
    bind.append("intent", "bind");
    expect(isSendCodeIntent(bind)).toBe(false);
    bind.append("intent", "send-code");
    expect(isSendCodeIntent(bind)).toBe(true);
  });
});
