import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import siteStyles from "~/styles/site.css?url";
import { isGuardedPath, isNetworkFailure, useOnlineStatus } from "~/utils/misc";
import { useNonce } from "~/utils/nonce";
import { useClientLinks } from "~/utils/client-links";
import { useMarkPageHydrated } from "~/utils/hydration";
import { useRootData, type RootData } from "~/utils/root-data";
import { LazyAccountModal } from "~/components/account/lazy-account-modal";
import { ErrorPage, describeError } from "~/components/ui/error-page";
import { OnlineStatus } from "~/components/layout/online-status";
import { ProgressBar } from "~/components/ui/progress-bar";
import { SiteShell } from "~/components/layout/site-shell";
import { scrollRestorationKey } from "~/components/layout/scroll-key";
import { Analytics } from "~/components/layout/analytics";
import { DeferredScripts } from "~/components/layout/deferred-scripts";
import { Toaster } from "~/components/ui/toaster";
import { UpdatePrompt } from "~/components/ui/update-prompt";
import { chunkFailure, reloadOnceForChunkError } from "~/utils/chunk-reload";
import { revalidatesUnlessTesterOnly } from "~/services/catalogue/tester-address";
import { withSocialMeta } from "~/utils/seo/social-meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: siteStyles }];

const pageMeta: MetaFunction = ({ data: rootData }) => {
  const title = (rootData as RootData | undefined)?.appTitle ?? "短视频字体";
  return [
    { title },
    {
      name: "description",
      content: `${title}：为短视频创作者准备的中文字体库，输入文字即可预览字体效果，查看商用授权并下载。`,
    },
  ];
};

export { loader } from "./root.server";

/**
 * The root loader only reloads when it must: after form submissions (default rule), when heading
 * for a guarded /user path (so the guard also runs on client navigations), or when a flash toast
 * is waiting (e.g. after a loader redirect that cleared the token); not for the font page's type
 * tester keeping its text, size and theme in the address.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  isGuardedPath(args.nextUrl.pathname) ||
  (typeof document !== "undefined" && /(?:^|;\s*)toast=[^;]/.test(document.cookie)) ||
  revalidatesUnlessTesterOnly(args);

/** The document shell, shared by the app and the error boundary. */
export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  const nonce = useNonce();
  useMarkPageHydrated();
  useClientLinks();
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
        {/* Where Vite's hot-reload client finds the nonce for the styles it inserts in development. */}
        {import.meta.env.DEV ? <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning /> : null}
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
            <Analytics config={rootData?.analytics} />
            <DeferredScripts nonce={nonce} />
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
  const unreachable = isNetworkFailure(error) || (!online && !isRouteErrorResponse(error));
  const { status, message } = unreachable ? OFFLINE_ERROR : describeError(error);
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

export const meta = withSocialMeta(pageMeta);
