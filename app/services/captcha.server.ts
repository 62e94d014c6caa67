import { checkCaptcha, getCaptcha, getFormCaptcha, type CaptchaChallenge } from "@contract/captcha";
import { callApi, type ApiCaller } from "./api-client.server";

export type { CaptchaChallenge };

/** A slider challenge for the browser's puzzle (JavaScript on). */
export function newSliderChallenge(caller: ApiCaller) {
  return callApi(caller, getCaptcha, { body: { captchaType: "blockPuzzle" } });
}

/** The same challenge as a picture to click on, for a page without JavaScript. */
export function newFormChallenge(caller: ApiCaller) {
  return callApi(caller, getFormCaptcha, { query: { captchaType: "blockPuzzle", mode: "form" } });
}

/** Checks where the slider was let go (`pointJson`: the encrypted point); answers the one-time verification. */
export function checkSlider(caller: ApiCaller, check: { token: string; pointJson: string }) {
  return callApi(caller, checkCaptcha, { body: { captchaType: "blockPuzzle", ...check } });
}

/** Checks a click on the gap of the no-JavaScript picture. */
export function checkFormClick(caller: ApiCaller, check: { token: string; x: number; y: number }) {
  return callApi(caller, checkCaptcha, {
    body: { mode: "form", token: check.token, "click.x": check.x, "click.y": check.y },
  });
}

/** A captcha image as the backend sends it (bare base64 or a data: URI) → a data: URI. */
export function dataUri(base64: string): string {
  return base64.startsWith("data:") ? base64 : `data:image/png;base64,${base64}`;
}
