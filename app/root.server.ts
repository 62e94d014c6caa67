import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { publicConfig, websiteConfig } from "~/config.server";
import { getUserInfo } from "~/services/account.server";
import type { ApiCaller } from "~/services/api-client.server";
import { CHROME_TIMEOUT_MS, listFooterColumns, listFriendLinks } from "~/services/catalogue.server";
import { loadFavoritesState, type FavoritesState } from "~/services/favorites.server";
import { countUserUnreadNotices } from "~/services/notices.server";
import { getToken, requireAuthGuard } from "~/utils/auth.server";
import { getToast } from "~/utils/toast.server";
import { readCompareList } from "~/services/compare/compare-cookie.server";
import { siteOrigin } from "~/utils/seo/site-origin.server";
import { avatarBrowserUrl, type AccountUser, type RootData } from "~/utils/root-data";

// The root loader, kept out of the route module: a route module importing `*.server` modules leaves one
// empty chunk per module in the browser build, fetched on every first load.

/**
 * With a token cookie: the user (a 401/S00106 makes the API client throw the redirect home that
 * clears the cookie), then the favorite fonts.
 */
async function loadAccount(caller: ApiCaller): Promise<{ user: AccountUser | null; favorites: FavoritesState }> {
  if (!getToken(caller.request)) return { user: null, favorites: NO_FAVORITES };
  const user = await loadUser(caller);
  // Without user info the backend is down or slow: do not hold the page for a second timeout.
  return { user, favorites: user ? await loadFavorites(caller) : NO_FAVORITES };
}

const NO_FAVORITES: FavoritesState = { fontGNos: [], folders: [], articleKeys: [] };

async function loadUser(caller: ApiCaller): Promise<AccountUser | null> {
  try {
    const info = await getUserInfo(caller, { timeoutMs: CHROME_TIMEOUT_MS });
    const fallback = info.phone ? `用户${info.phone.slice(-4)}` : info.email ? info.email.split("@")[0]! : "用户";
    return {
      id: info.id,
      nickname: info.nickname || fallback,
      avatarUrl: avatarBrowserUrl(info.avatar, websiteConfig.apiBase),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    return null;
  }
}

/** The user's favorite fonts and articles; a failure other than an expired token gives none. */
async function loadFavorites(caller: ApiCaller): Promise<FavoritesState> {
  try {
    return await loadFavoritesState(caller, { timeoutMs: CHROME_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof Response) throw error;
    return NO_FAVORITES;
  }
}

/** How many messages the user has not read; a failure gives 0 (user info reports an expired token). */
async function loadUnreadNoticeCount(caller: ApiCaller): Promise<number> {
  if (!getToken(caller.request)) return 0;
  try {
    return (await countUserUnreadNotices(caller, { timeoutMs: CHROME_TIMEOUT_MS })).total;
  } catch {
    return 0;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The `auth` guard runs on every page.
  requireAuthGuard(request);

  const caller = { request, context };
  // Friend links and footer columns load regardless; failures give empty lists.
  const [{ user, favorites }, friendLinks, footerColumns, unreadNoticeCount] = await Promise.all([
    loadAccount(caller),
    listFriendLinks(caller).catch(() => []),
    listFooterColumns(caller).catch(() => []),
    loadUnreadNoticeCount(caller),
  ]);
  const { toast, setCookie } = getToast(request);
  const { appTitle, ...env } = publicConfig();

  const body: RootData = {
    appTitle,
    origin: siteOrigin(request),
    loggedIn: Boolean(getToken(request)),
    user,
    favoriteFontGNos: favorites.fontGNos,
    favoriteFolders: favorites.folders,
    favoriteArticleKeys: favorites.articleKeys,
    compareFontGNos: readCompareList(request),
    unreadNoticeCount,
    friendLinks,
    footerColumns,
    toast,
    year: new Date().getFullYear(),
    env,
    analytics: websiteConfig.analytics,
  };
  return data(body, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}
