import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { favoriteDoneMessage, readFavoriteIntent } from "~/components/favorites/favorite-form";
import { isApiError } from "~/services/api-client.server";
import { errorMessage } from "~/utils/api-errors";
import { getToken } from "~/utils/auth.server";
import { FETCHER_ROUTE_HANDLE } from "~/utils/fetcher-route";
import { parseFormSubmission } from "~/utils/form-data.server";
import { safeRedirect } from "~/utils/redirect";
import { redirectWithErrorToast, redirectWithToast } from "~/utils/toast.server";
import {
  clearPendingFavoriteCookie,
  loginThenReplay,
  pendingFavoriteCookie,
  performFavorite,
  readPendingFavorite,
  replayAddress,
} from "~/services/favorites/favorite-intent.server";

const INVALID_MESSAGE = "操作不正确，请刷新页面后重试";

export const handle = FETCHER_ROUTE_HANDLE;

/**
 * What a control that submitted with JavaScript (`enhanced=1`) gets instead of a redirect; for a
 * visitor, `login` is where logging in in the account modal comes back to (the intent replayed).
 */
export type FavoriteActionData = { ok: boolean; message: string; login?: string };

const LOGIN_MESSAGE = "请先登录";

/**
 * POST /resources/favorite — every favorite control: `intent` (add-font | remove-font with
 * `fontGNo` and optionally `folderId`; add-article | remove-article with `kind` and
 * `articleId`), `redirectTo`. Without JavaScript it goes back to `redirectTo` with a toast; a
 * control enhanced with JavaScript gets `{ ok, message }`. A visitor is sent to log in (with
 * JavaScript: told where the account modal's login comes back to), the intent waiting in a cookie
 * until the loader below replays it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseFormSubmission(request);
  const back = safeRedirect(form.get("redirectTo"), "/");
  const enhanced = form.get("enhanced") === "1";
  const noStore = { "Cache-Control": "no-store" };
  const intent = readFavoriteIntent(form);
  if (!intent) {
    return enhanced
      ? data<FavoriteActionData>({ ok: false, message: INVALID_MESSAGE }, { status: 400, headers: noStore })
      : redirectWithToast(back, { type: "error", message: INVALID_MESSAGE }, { headers: noStore });
  }
  if (!getToken(request)) {
    const headers = new Headers(noStore);
    headers.append("Set-Cookie", pendingFavoriteCookie({ intent, redirectTo: back }));
    return enhanced
      ? data<FavoriteActionData>({ ok: false, message: LOGIN_MESSAGE, login: replayAddress(back) }, { headers })
      : loginThenReplay(back, headers);
  }
  try {
    const name = await performFavorite({ request, context }, intent);
    const message = favoriteDoneMessage(intent, name);
    return enhanced
      ? data<FavoriteActionData>({ ok: true, message }, { headers: noStore })
      : redirectWithToast(back, { type: "success", message }, { headers: noStore });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return enhanced
      ? data<FavoriteActionData>(
          { ok: false, message: errorMessage(error) },
          { status: error.status >= 400 && error.status < 500 ? error.status : 502, headers: noStore },
        )
      : redirectWithErrorToast(back, error);
  }
}

/**
 * GET /resources/favorite?redirectTo=… — where the login comes back to: does the intent waiting in
 * the cookie (set only by the action above), forgets it, and goes on to the page it came from.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const back = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  const pending = readPendingFavorite(request);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!pending) return redirect(back, { headers });
  if (!getToken(request)) return loginThenReplay(pending.redirectTo, headers);
  headers.append("Set-Cookie", clearPendingFavoriteCookie());
  try {
    const name = await performFavorite({ request, context }, pending.intent);
    return redirectWithToast(
      pending.redirectTo,
      { type: "success", message: favoriteDoneMessage(pending.intent, name) },
      { headers },
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    return redirectWithToast(pending.redirectTo, { type: "error", message: errorMessage(error) }, { headers });
  }
}
