import type { ActionFunctionArgs } from "@remix-run/node";
import { CodePurposeSchema, type SendCodeState } from "~/services/account/send-code";
import { sendVerificationCode } from "~/services/account/verification.server";
import { parseFormSubmission } from "~/utils/form-data.server";
import { FETCHER_ROUTE_HANDLE } from "~/utils/fetcher-route";

export const handle = FETCHER_ROUTE_HANDLE;

/**
 * POST /resources/send-code — the JS path of <SendCodeButton>: `account`, `purpose`
 * (register|login|reset|bind|change|reauth), optional `kind` (phone|email) and `captchaVerification`.
 * Answers a SendCodeState; `status: "captcha"` means: show the slider, then post again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseFormSubmission(request);
  const purpose = CodePurposeSchema.safeParse(form.get("purpose"));
  const account = String(form.get("account") ?? "");
  if (!purpose.success) {
    return sendCodeAnswer({ status: "error", account, message: "输入的数据不合法!" }, 400);
  }
  const kindValue = form.get("kind");
  const kind = kindValue === "phone" || kindValue === "email" ? kindValue : undefined;
  const state = await sendVerificationCode(
    { request, context },
    {
      account,
      purpose: purpose.data,
      kind,
      captchaVerification: String(form.get("captchaVerification") ?? "") || null,
    },
  );
  return sendCodeAnswer(state);
}

/**
 * A Response rather than `data()`: a resource route's plain object reaches a `?_data=` request as a
 * bare object Remix cannot answer (a 500), and a plain POST without its status.
 */
function sendCodeAnswer(state: SendCodeState, status = 200): Response {
  return Response.json(state, { status, headers: { "Cache-Control": "no-store" } });
}

export async function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
