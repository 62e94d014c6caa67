import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endSession } from "~/services/account.server";
import { clearTokenCookies, getToken } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { FETCHER_ROUTE_HANDLE } from "~/utils/fetcher-route";

export const handle = FETCHER_ROUTE_HANDLE;

/**
 * POST /account/logout: ask the backend to end the session first; on failure only log
 * 注销Token失败; always clear the cookie and go home with 已退出登录.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (getToken(request)) {
    try {
      await endSession({ request, context });
    } catch (error) {
      // The api client throws a redirect Response on 401 (token already gone): nothing to end.
      if (!(error instanceof Response)) console.error("注销Token失败", error instanceof Error ? error.message : error);
    }
  }
  const headers = new Headers();
  for (const cookie of clearTokenCookies()) headers.append("Set-Cookie", cookie);
  return redirectWithToast("/", { type: "success", message: "已退出登录" }, { headers });
}

/** A GET never logs out (a link or image could otherwise end the session): back home. */
export async function loader() {
  return redirect("/");
}
