import { checkCaptcha, getCaptcha, getFormCaptcha, type CaptchaChallenge } from "@contract/captcha";
import { callApi, type ApiCaller } from "./api-client.server";

export type { CaptchaChallenge };

/** A slider challenge for the browser's puzzle (JavaScript on). */
export function newSliderChallenge(caller: ApiCaller) {
  return callApi(caller, getCaptcha, { body: { captchaType: "blockPuzzle" } });
}

/** A picture of digits to type, for a page without JavaScript. */
export function newFormChallenge(caller: ApiCaller) {
  return callApi(caller, getFormCaptcha, { query: { mode: "form" } });
}

/** Checks where the slider was let go (`pointJson`: the encrypted point); answers the one-time verification. */
export function checkSlider(caller: ApiCaller, check: { token: string; pointJson: string }) {
  return callApi(caller, checkCaptcha, { body: { captchaType: "blockPuzzle", ...check } });
}

/** Checks the digits typed for the no-JavaScript picture (one try per picture). */
export function checkFormAnswer(caller: ApiCaller, check: { token: string; answer: string }) {
  return callApi(caller, checkCaptcha, { body: { mode: "form", token: check.token, answer: check.answer } });
}

/** A captcha image as the backend sends it (bare base64 or a data: URI) → a data: URI. */
export function dataUri(base64: string): string {
  return base64.startsWith("data:") ? base64 : `data:image/png;base64,${base64}`;
}
