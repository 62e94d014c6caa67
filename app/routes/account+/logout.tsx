import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { apiPost } from "~/utils/api.server";
import { clearTokenCookie, getToken } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * POST /account/logout (SPEC 4): ask the server to end the token first; on failure only log
 * 注销Token失败; always clear the cookie and go home with 已退出登录.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (getToken(request)) {
    try {
      await apiPost<null>(request, "/web/api/logout", {});
    } catch (error) {
      // The api client throws a redirect Response on 401 (token already gone): nothing to end.
      if (!(error instanceof Response)) console.error("注销Token失败", error instanceof Error ? error.message : error);
    }
  }
  return redirectWithToast("/", { type: "success", message: "已退出登录" }, { headers: { "Set-Cookie": clearTokenCookie() } });
}

/** A GET never logs out (a link or image could otherwise end the session): back home. */
export async function loader() {
  return redirect("/");
}
