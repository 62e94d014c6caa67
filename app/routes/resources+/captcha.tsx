import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { checkSlider, dataUri, newSliderChallenge } from "~/services/captcha.server";
import { errorMessage } from "~/utils/api-errors";
import { parseFormSubmission } from "~/utils/form-data.server";
import { FETCHER_ROUTE_HANDLE } from "~/utils/fetcher-route";

export const handle = FETCHER_ROUTE_HANDLE;

/** A slider challenge for the browser (AJ-Captcha's blockPuzzle). */
export type SliderChallenge = {
  token: string;
  secretKey: string;
  image: string;
  piece: string;
  width: number;
  height: number;
  pieceWidth: number;
};

export type CaptchaCheckResult = { ok: true; captchaVerification: string } | { ok: false; message: string };

/** GET /resources/captcha — a fresh challenge (the browser never needs the API origin). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const challenge = await newSliderChallenge({ request, context });
    const body: SliderChallenge = {
      token: challenge.token,
      secretKey: challenge.secretKey,
      image: dataUri(challenge.originalImageBase64),
      piece: dataUri(challenge.jigsawImageBase64),
      width: challenge.width,
      height: challenge.height,
      pieceWidth: challenge.pieceWidth,
    };
    return noStoreJson({ ok: true as const, challenge: body });
  } catch (error) {
    if (error instanceof Response) throw error;
    return noStoreJson({ ok: false as const, message: errorMessage(error) });
  }
}

/** POST /resources/captcha — `token` + `pointJson` (AES-ECB of {x, y}) → captchaVerification. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseFormSubmission(request);
  const token = String(form.get("token") ?? "");
  const pointJson = String(form.get("pointJson") ?? "");
  if (!token || !pointJson) return noStoreJson<CaptchaCheckResult>({ ok: false, message: "输入的数据不合法!" }, 400);
  try {
    const result = await checkSlider({ request, context }, { token, pointJson });
    return noStoreJson<CaptchaCheckResult>({ ok: true, captchaVerification: result.captchaVerification });
  } catch (error) {
    if (error instanceof Response) throw error;
    return noStoreJson<CaptchaCheckResult>({ ok: false, message: errorMessage(error) });
  }
}

/**
 * A Response rather than `data()`: a resource route's plain object reaches a `?_data=` request as a
 * bare object Remix cannot answer (a 500), and a plain request without its status.
 */
function noStoreJson<T>(payload: T, status = 200): Response {
  return Response.json(payload, { status, headers: { "Cache-Control": "no-store" } });
}
