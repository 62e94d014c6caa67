import { Link, NavLink, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { cn } from "~/utils/misc";
import { useStaticUrl } from "~/utils/root-data";
import { AccountArea, MobileAccountLinks } from "./header-account";
import { SearchBox } from "./search-box";
import { closePopoversOnLeave } from "~/components/ui/popover-close";

/** The main navigation; each entry is a page that exists. */
export const MAIN_NAV = [
  { to: "/font", label: "字体" },
  { to: "/studio", label: "标题工坊" },
  { to: "/variable", label: "可变字体" },
  { to: "/album", label: "专辑" },
  { to: "/baike", label: "书法百科" },
  { to: "/case", label: "案例" },
  { to: "/video", label: "视频" },
  { to: "/news", label: "资讯" },
] as const;

/** Pages whose `keyword` the header's search box shows. */
const SEARCH_PAGES = new Set(["/font", "/search"]);

/** The header searches everything: fonts, albums, 书法百科, cases, news and videos. */
const SEARCH_ACTION = "/search";
const SEARCH_PLACEHOLDER = "搜索字体、百科、案例、资讯";

const SITE_SEARCH_INPUT = 'input[name="keyword"]';

/** Whether a key pressed in `target` is typing: text fields, selects and editable text. */
function takesTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
    return true;
  }
  return (
    target instanceof HTMLInputElement &&
    !["button", "checkbox", "radio", "range", "reset", "submit", "color", "file", "image"].includes(target.type)
  );
}

export type SiteHeaderProps = {
  appTitle: string;
  loggedIn: boolean;
  /** "dark" = the home hero variant. */
  tone?: "light" | "dark";
};

/** Header: logo and title, main navigation, search, account area; a <details> menu on phones (no JS needed). */
export function SiteHeader({ appTitle, loggedIn, tone = "light" }: SiteHeaderProps) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const keyword = SEARCH_PAGES.has(location.pathname) ? (searchParams.get("keyword") ?? "") : "";
  // After the auth guard sent the visitor home, log-in should return to the guarded page.
  const guarded = location.pathname === "/" ? searchParams.get("redirect") : null;
  const redirectTo = guarded && guarded.startsWith("/") ? guarded : `${location.pathname}${location.search}`;
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  const header = useRef<HTMLElement>(null);
  const asset = useStaticUrl();

  // Close the open <details> menus after a client-side navigation (not on hydration: a menu
  // opened before the scripts ran stays open).
  const shownAt = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const at = `${location.pathname}${location.search}`;
    if (shownAt.current === at) return;
    shownAt.current = at;
    header.current?.querySelectorAll("details[open]").forEach((node) => node.removeAttribute("open"));
  }, [location.pathname, location.search]);

  // With a mouse, a menu closes shortly after the pointer leaves it.
  useEffect(() => (header.current ? closePopoversOnLeave(header.current) : undefined), [loggedIn]);

  // `/` anywhere but in a field or a dialog goes to the site search (in the menu on narrow screens).
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "/" || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (takesTyping(event.target) || document.querySelector('[aria-modal="true"]')) return;
      const menu = mobileMenu.current;
      const boxes = header.current?.querySelectorAll<HTMLInputElement>(SITE_SEARCH_INPUT) ?? [];
      let box = [...boxes].find((input) => !menu?.contains(input) && input.getClientRects().length > 0);
      if (!box && menu && menu.getClientRects().length > 0) {
        menu.open = true;
        box = menu.querySelector<HTMLInputElement>(SITE_SEARCH_INPUT) ?? undefined;
      }
      if (!box) return;
      event.preventDefault();
      box.focus();
      box.select();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const nav = (
    <ul className="site-nav__list">
      {MAIN_NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={({ isActive }) => cn("site-nav__link", isActive && "is-active")}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );

  return (
    <header ref={header} className={cn("site-header", `site-header--${tone}`)}>
      <a href="#main" className="skip-link">
        跳到正文
      </a>
      <div className="site-header__inner container">
        <Link to="/" className="brand" aria-label={`${appTitle} 首页`}>
          <img src={asset("/images/logo.svg")} alt="" width="32" height="32" className="brand__logo" />
          <span className="brand__title">{appTitle}</span>
        </Link>

        <nav className="site-nav" aria-label="主导航">
          {nav}
        </nav>

        <SearchBox
          key={keyword}
          defaultValue={keyword}
          tone={tone}
          action={SEARCH_ACTION}
          placeholder={SEARCH_PLACEHOLDER}
          className="site-header__search"
        />

        <div className="site-header__account">
          <AccountArea redirectTo={redirectTo} />
        </div>

        <details ref={mobileMenu} className="mobile-menu">
          <summary className="mobile-menu__toggle" aria-label="打开菜单">
            <span className="mobile-menu__bars" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
          </summary>
          <div className="mobile-menu__panel">
            <SearchBox
              key={`m-${keyword}`}
              defaultValue={keyword}
              tone="light"
              action={SEARCH_ACTION}
              placeholder={SEARCH_PLACEHOLDER}
            />
            <nav aria-label="移动端导航">{nav}</nav>
            <MobileAccountLinks redirectTo={redirectTo} />
          </div>
        </details>
      </div>
    </header>
  );
}
