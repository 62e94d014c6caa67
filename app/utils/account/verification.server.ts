import { apiGet, apiPost, isApiError } from "~/utils/api.server";
import { errorMessage } from "~/utils/api-errors";
import { RESEND_COOLDOWN_S, accountProblem, type CodePurpose, type FormCaptcha, type SendCodeState } from "./send-code";

/** What the backend's `/captcha/get` answers (AJ-Captcha blockPuzzle). */
export type CaptchaChallenge = {
  originalImageBase64: string;
  jigsawImageBase64: string;
  token: string;
  secretKey: string;
  width?: number;
  height?: number;
  pieceWidth?: number;
};

/** A captcha image as the backend sends it (bare base64 or a data: URI) → a data: URI. */
export function dataUri(base64: string): string {
  return base64.startsWith("data:") ? base64 : `data:image/png;base64,${base64}`;
}

/** The backend refuses `sendCode` with these messages when a solved captcha is needed. */
export function isCaptchaRequired(error: unknown): boolean {
  return isApiError(error) && /滑块验证/.test(error.message);
}

/** A fresh no-JS captcha challenge (`GET /captcha/get?mode=form`), or null when the backend fails. */
export async function getFormCaptcha(request: Request): Promise<FormCaptcha | null> {
  try {
    const challenge = await apiGet<CaptchaChallenge>(request, "/captcha/get", { captchaType: "blockPuzzle", mode: "form" });
    return {
      token: challenge.token,
      image: dataUri(challenge.originalImageBase64),
      piece: dataUri(challenge.jigsawImageBase64),
      width: challenge.width ?? 310,
      height: challenge.height ?? 155,
    };
  } catch {
    return null;
  }
}

/**
 * Asks the backend to send a code (POST /web/api/account/sendCode). Never throws an ApiError:
 * the outcome is a `SendCodeState` to render. A 401 on bind/change still throws the api client's
 * redirect home.
 */
export async function sendVerificationCode(
  request: Request,
  input: { account: string; purpose: CodePurpose; captchaVerification?: string | null; kind?: "phone" | "email" },
): Promise<SendCodeState> {
  const account = (input.account ?? "").trim();
  const problem = accountProblem(account, input.purpose, input.kind);
  if (problem) return { status: "error", account, message: problem, field: "account" };
  try {
    const body: Record<string, string> = { account, purpose: input.purpose };
    if (input.captchaVerification) body.captchaVerification = input.captchaVerification;
    const result = await apiPost<{ cooldown?: number }>(request, "/web/api/account/sendCode", body);
    const cooldown = Number(result?.cooldown) > 0 ? Number(result?.cooldown) : RESEND_COOLDOWN_S;
    return {
      status: "sent",
      account,
      cooldown,
      sentAt: Date.now(),
      message: `验证码已发送至 ${account}，10 分钟内有效；${cooldown} 秒后可重新发送`,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isCaptchaRequired(error)) {
      return { status: "captcha", account, message: "请先完成安全验证", captcha: null };
    }
    return { status: "error", account, message: errorMessage(error) };
  }
}

/**
 * The whole no-JS send-code step for a page action: reads the account field, solves a posted
 * captcha click (`captchaToken` + `click.x`/`click.y` from `<input type="image" name="click">`),
 * sends the code and, when the backend wants a captcha, attaches a fresh form challenge.
 */
export async function sendCodeFromForm(
  request: Request,
  formData: FormData,
  options: { accountFieldName: string; purpose: CodePurpose; kind?: "phone" | "email" },
): Promise<SendCodeState> {
  const account = String(formData.get(options.accountFieldName) ?? "").trim();
  let captchaVerification = String(formData.get("captchaVerification") ?? "") || null;
  const captchaToken = String(formData.get("captchaToken") ?? "");
  const clickX = formData.get("click.x");
  const clickY = formData.get("click.y");
  if (!captchaVerification && captchaToken && clickX !== null && clickY !== null) {
    try {
      const checked = await apiPost<{ captchaVerification: string }>(request, "/captcha/check", {
        mode: "form",
        token: captchaToken,
        "click.x": Number(clickX),
        "click.y": Number(clickY),
      });
      captchaVerification = checked.captchaVerification;
    } catch (error) {
      if (error instanceof Response) throw error;
      return {
        status: "captcha",
        account,
        message: errorMessage(error),
        captcha: await getFormCaptcha(request),
      };
    }
  }
  const state = await sendVerificationCode(request, { account, purpose: options.purpose, captchaVerification, kind: options.kind });
  if (state.status === "captcha") return { ...state, captcha: await getFormCaptcha(request) };
  return state;
}

/**
 * True when a page action was asked to send a code (the button, or a click on the captcha image).
 * Any `intent` counts: a form with a hidden intent (the profile's bind form) also posts the button's.
 */
export function isSendCodeIntent(formData: FormData): boolean {
  return formData.getAll("intent").includes("send-code") || formData.get("click.x") !== null;
}
