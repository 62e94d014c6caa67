import { SEND_CODE_CAPTCHA_MESSAGE } from "@contract/account";
import { ERROR_CODES } from "@contract/envelope";
import { sendVerificationCode as sendCodeCall } from "~/services/account.server";
import { isApiError, type ApiCaller } from "~/services/api-client.server";
import { checkFormAnswer, dataUri, newFormChallenge } from "~/services/captcha.server";
import { errorMessage } from "~/utils/api-errors";
import {
  accountProblem,
  OUTBOX_PATH,
  type CodePurpose,
  type FormCaptcha,
  type SendCodeState,
} from "~/services/account/send-code";

/** What the backend says when the captcha verification sent along was already spent or has expired. */
const CAPTCHA_SPENT_MESSAGE = "滑块验证已失效，请重新验证";

/**
 * The backend refuses `sendCode` until a captcha is solved. It answers with the general code 400,
 * so the refusal is known by its message until the backend gives it a code of its own.
 */
export function isCaptchaRequired(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.code === ERROR_CODES.badRequest &&
    (error.serverMessage === SEND_CODE_CAPTCHA_MESSAGE || error.serverMessage === CAPTCHA_SPENT_MESSAGE)
  );
}

/** A fresh no-JS captcha challenge, or null when the backend fails. */
export async function getFormCaptcha(caller: ApiCaller): Promise<FormCaptcha | null> {
  try {
    const challenge = await newFormChallenge(caller);
    return {
      token: challenge.token,
      image: dataUri(challenge.imageBase64),
      width: challenge.width,
      height: challenge.height,
      length: challenge.length,
    };
  } catch (error) {
    if (error instanceof Response && error.status !== 502) throw error;
    return null;
  }
}

/**
 * Asks the backend to send a code. Never throws an ApiError: the outcome is a `SendCodeState` to
 * render. A 401 on bind/change still throws the API client's redirect home.
 */
export async function sendVerificationCode(
  caller: ApiCaller,
  input: { account: string; purpose: CodePurpose; captchaVerification?: string | null; kind?: "phone" | "email" },
): Promise<SendCodeState> {
  const account = (input.account ?? "").trim();
  const problem = accountProblem(account, input.purpose, input.kind);
  if (problem) return { status: "error", account, message: problem, field: "account" };
  try {
    const result = await sendCodeCall(caller, {
      account,
      purpose: input.purpose,
      ...(input.captchaVerification ? { captchaVerification: input.captchaVerification } : {}),
    });
    const validity = `${Math.round(result.expiresIn / 60)} 分钟内有效；${result.cooldown} 秒后可重新发送`;
    const sent = { status: "sent", account, cooldown: result.cooldown, sentAt: Date.now() } as const;
    return result.outbox
      ? {
          ...sent,
          outbox: OUTBOX_PATH,
          message: `本站未配置发送服务，发给 ${account} 的验证码已放入本机收件箱，${validity}`,
        }
      : { ...sent, message: `验证码已发送至 ${account}，${validity}` };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isCaptchaRequired(error)) {
      return { status: "captcha", account, message: "请先完成安全验证", captcha: null };
    }
    return { status: "error", account, message: errorMessage(error) };
  }
}

/**
 * The whole no-JS send-code step for a page action: reads the account field, checks the digits
 * typed for a posted captcha picture (`captchaToken` + `answer`), sends the code and, when the
 * backend wants a captcha, attaches a fresh picture (a picture answers one try only).
 */
export async function sendCodeFromForm(
  caller: ApiCaller,
  formData: FormData,
  options: { accountFieldName: string; purpose: CodePurpose; kind?: "phone" | "email" },
): Promise<SendCodeState> {
  const account = String(formData.get(options.accountFieldName) ?? "").trim();
  let captchaVerification = String(formData.get("captchaVerification") ?? "") || null;
  const captchaToken = String(formData.get("captchaToken") ?? "");
  const answer = formData.get("answer");
  if (!captchaVerification && captchaToken && answer !== null) {
    try {
      const checked = await checkFormAnswer(caller, { token: captchaToken, answer: String(answer) });
      captchaVerification = checked.captchaVerification;
    } catch (error) {
      if (error instanceof Response) throw error;
      return { status: "captcha", account, message: errorMessage(error), captcha: await getFormCaptcha(caller) };
    }
  }
  const state = await sendVerificationCode(caller, {
    account,
    purpose: options.purpose,
    captchaVerification,
    kind: options.kind,
  });
  if (state.status === "captcha") return { ...state, captcha: await getFormCaptcha(caller) };
  return state;
}

/**
 * True when a page action was asked to send a code: the button, or the captcha digits submitted
 * (Enter in the digits field posts the form's default button, so the token and answer decide).
 * Any `intent` counts: a form with a hidden intent (the profile's bind form) also posts the button's.
 */
export function isSendCodeIntent(formData: FormData): boolean {
  return (
    formData.getAll("intent").includes("send-code") ||
    (String(formData.get("captchaToken") ?? "") !== "" && formData.get("answer") !== null)
  );
}
