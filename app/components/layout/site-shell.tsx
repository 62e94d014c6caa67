import type { ReactNode } from "react";
import { useRootData } from "~/utils/root-data";
import { cn } from "~/utils/misc";
import { ServerMarkup } from "~/components/ui/server-markup";
import { PageTransition } from "./page-transition";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export type SiteShellProps = {
  /** Which pathless layout renders the shell (default, home, font), or the root error boundary. */
  layout: "default" | "home" | "font" | "error";
  children: ReactNode;
};

/** Header + main + footer around a page, fed by the root loader's data. */
export function SiteShell({ layout, children }: SiteShellProps) {
  const rootData = useRootData();
  const appTitle = rootData?.appTitle ?? "短视频字体";
  const footer = {
    appTitle,
    friendLinks: rootData?.friendLinks ?? [],
    columns: rootData?.footerColumns ?? [],
    year: rootData?.year ?? new Date().getFullYear(),
  };
  return (
    <div className={cn("site-shell", `site-shell--${layout}`)} data-site-layout={layout}>
      <SiteHeader
        appTitle={appTitle}
        loggedIn={rootData?.loggedIn ?? false}
        tone={layout === "home" ? "dark" : "light"}
      />
      <main id="main" className={cn("site-main", `site-main--${layout}`)} tabIndex={-1}>
        <PageTransition>{children}</PageTransition>
      </main>
      <ServerMarkup content={[footer.appTitle, footer.friendLinks, footer.columns, footer.year]}>
        <SiteFooter {...footer} />
      </ServerMarkup>
    </div>
  );
}
