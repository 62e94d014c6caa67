import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import globalStyles from "~/styles/global.css";
import accountStyles from "~/styles/account.css";
import favoritesStyles from "~/styles/favorites.css";
import { publicConfig, websiteConfig } from "~/config.server";
import { getUserInfo } from "~/services/account.server";
import type { ApiCaller } from "~/services/api-client.server";
import { CHROME_TIMEOUT_MS, listFooterColumns, listFriendLinks } from "~/services/catalogue.server";
import { loadFavoritesState, type FavoritesState } from "~/services/collection.server";
import { countUserUnreadNotices } from "~/services/notices.server";
import { getToken, requireAuthGuard } from "~/utils/auth.server";
import { getToast } from "~/utils/toast.server";
import { readCompareList } from "~/utils/compare/compare-cookie.server";
import { isGuardedPath, useOnlineStatus } from "~/utils/misc";
import { useNonce } from "~/utils/nonce";
import { avatarBrowserUrl, useRootData, type AccountUser, type RootData } from "~/utils/root-data";
import { LazyAccountModal } from "~/components/account/lazy-account-modal";
import { ErrorPage, describeError } from "~/components/ui/error-page";
import { OnlineStatus } from "~/components/layout/online-status";
import { ProgressBar } from "~/components/ui/progress-bar";
import { SiteShell } from "~/components/layout/site-shell";
import { scrollRestorationKey } from "~/components/layout/scroll-key";
import { Analytics } from "~/components/layout/analytics";
import { ModulePreloads } from "~/components/layout/module-preloads";
import { Toaster } from "~/components/ui/toaster";
import { UpdatePrompt } from "~/components/ui/update-prompt";
import { chunkFailure, reloadOnceForChunkError } from "~/utils/chunk-reload";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: globalStyles },
  { rel: "stylesheet", href: accountStyles },
  { rel: "stylesheet", href: favoritesStyles },
];

export const meta: MetaFunction = ({ data: rootData }) => {
  const title = (rootData as RootData | undefined)?.appTitle ?? "短视频字体";
  return [
    { title },
    {
      name: "description",
      content: `${title}：为短视频创作者准备的中文字体库，输入文字即可预览字体效果，查看商用授权并下载。`,
    },
  ];
};

/**
 * With a token cookie: the user (a 401/S00106 makes the API client throw the redirect home that
 * clears the cookie), then the favourite fonts.
 */
async function loadAccount(caller: ApiCaller): Promise<{ user: AccountUser | null; favorites: FavoritesState }> {
  if (!getToken(caller.request)) return { user: null, favorites: NO_FAVORITES };
  const user = await loadUser(caller);
  // Without user info the backend is down or slow: do not hold the page for a second timeout.
  return { user, favorites: user ? await loadFavorites(caller) : NO_FAVORITES };
}

const NO_FAVORITES: FavoritesState = { fontGNos: [], collections: [], articleKeys: [] };

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

/** The user's favourite fonts and articles; a failure other than an expired token gives none. */
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
    loggedIn: Boolean(getToken(request)),
    user,
    favoriteFontGNos: favorites.fontGNos,
    favoriteCollections: favorites.collections,
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

/**
 * The root loader only reloads when it must: after form submissions (default rule), when heading
 * for a guarded /user path (so the guard also runs on client navigations), or when a flash toast
 * is waiting (e.g. after a loader redirect that cleared the token).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  isGuardedPath(nextUrl.pathname) ||
  (typeof document !== "undefined" && /(?:^|;\s*)toast=[^;]/.test(document.cookie)) ||
  defaultShouldRevalidate;

/** The document shell, shared by the app and the error boundary. */
export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const nonce = useNonce();
  // A page served in place of another (the offline page) must not hydrate against the wrong route.
  const hydrate = !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0e0f13" />
        <meta name="format-detection" content="telephone=no" />
        {/* Static (not via `links`) so it is never re-created on client navigations. */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <ProgressBar />
        <OnlineStatus />
        {children}
        <Toaster flash={rootData?.toast} />
        {hydrate ? (
          <>
            <UpdatePrompt />
            <ScrollRestoration nonce={nonce} getKey={scrollRestorationKey} />
            <ModulePreloads />
            <Scripts nonce={nonce} />
            <Analytics config={rootData?.analytics} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const chunkFailed = useSyncExternalStore(chunkFailure.subscribe, chunkFailure.get, () => false);
  if (chunkFailed) {
    return (
      <SiteShell layout="error">
        <div className="container">
          <ErrorPage status={500} message="页面加载失败，请检查网络后刷新" />
        </div>
      </SiteShell>
    );
  }
  return (
    <>
      <Outlet />
      <LazyAccountModal />
    </>
  );
}

const OFFLINE_ERROR = { status: 503, message: "网络已断开，请连上网络后重试" };

export function ErrorBoundary() {
  const error = useRouteError();
  useEffect(() => void reloadOnceForChunkError(error), [error]);
  // A client-side navigation whose data could not be fetched offline is not a server error.
  const online = useOnlineStatus();
  const { status, message } = online || isRouteErrorResponse(error) ? describeError(error) : OFFLINE_ERROR;
  // Production: do not leak internal error text for unexpected (non-response) errors.
  const shownMessage = isRouteErrorResponse(error) ? message : status === 500 ? "服务器错误，请联系管理员" : message;
  return (
    <SiteShell layout="error">
      <div className="container">
        <ErrorPage status={status} message={shownMessage} />
      </div>
    </SiteShell>
  );
}
