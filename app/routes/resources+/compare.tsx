import { type ActionFunctionArgs } from "@remix-run/node";
import { applyCompareIntent, isCompareIntent } from "~/services/compare/compare-list";
import { compareSetCookie, readCompareList } from "~/services/compare/compare-cookie.server";
import { parseFormSubmission } from "~/utils/form-data.server";
import { safeRedirect } from "~/utils/redirect";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * POST /resources/compare — the 加入对比 / 移出对比 form without JavaScript: `intent` (add|remove),
 * `fontGNo`, `redirectTo`. Changes the list in its cookie and goes back with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await parseFormSubmission(request);
  const back = safeRedirect(form.get("redirectTo"), "/user/compare");
  const intent = form.get("intent");
  if (!isCompareIntent(intent)) {
    return redirectWithToast(back, { type: "error", message: "操作不正确，请刷新页面后重试" });
  }
  const outcome = applyCompareIntent(readCompareList(request), intent, form.get("fontGNo"));
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (outcome.ok) headers.append("Set-Cookie", compareSetCookie(outcome.list));
  return redirectWithToast(back, { type: outcome.ok ? "success" : "error", message: outcome.message }, { headers });
}

export async function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
