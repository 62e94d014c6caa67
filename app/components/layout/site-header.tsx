import { Form, Link, NavLink, useLocation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";
import { cn } from "~/utils/misc";
import { useRootData, useStaticUrl, type AccountUser } from "~/utils/root-data";
import { accountModal } from "~/components/account/account-modal-state";
import type { AuthView } from "~/components/account/auth-view";
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

export const USER_MENU = [
  { to: "/user", label: "个人中心" },
  { to: "/user/favorite", label: "我的收藏" },
  { to: "/user/compare", label: "字体对比" },
  { to: "/user/download", label: "下载记录" },
  { to: "/user/message", label: "消息" },
  { to: "/user/profile", label: "个人资料" },
] as const;

/** With JS, 登录 / 注册 open the account modal over the page; without JS they are plain links. */
function openModal(view: AuthView, redirectTo: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    accountModal.open(view, redirectTo);
  };
}

function loginHref(redirectTo: string) {
  return redirectTo && redirectTo !== "/"
    ? `/account/login?redirect=${encodeURIComponent(redirectTo)}`
    : "/account/login";
}

function registerHref(redirectTo: string) {
  return redirectTo && redirectTo !== "/"
    ? `/account/register?redirect=${encodeURIComponent(redirectTo)}`
    : "/account/register";
}

function Avatar({ user, size = 28 }: { user: AccountUser | null | undefined; size?: number }) {
  if (user?.avatarUrl) {
    return (
      <img
        className="account-menu__avatar account-menu__avatar--img"
        src={user.avatarUrl}
        alt=""
        width={size}
        height={size}
      />
    );
  }
  return (
    <span className="account-menu__avatar" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
        <circle cx="12" cy="8.5" r="4" fill="currentColor" />
        <path d="M4 20.5c1.4-4 4.4-6 8-6s6.6 2 8 6" fill="currentColor" />
      </svg>
    </span>
  );
}

export type SiteHeaderProps = {
  appTitle: string;
  loggedIn: boolean;
  /** "dark" = the home hero variant. */
  tone?: "light" | "dark";
};

/** "99+" past 99, so the badge stays small. */
function unreadLabel(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** The user menu's entries, the messages one with its unread count. */
function UserMenuLinks({ unread, linkClassName }: { unread: number; linkClassName?: string }) {
  return (
    <>
      {USER_MENU.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={linkClassName}>
            {item.label}
            {item.to === "/user/message" && unread > 0 ? (
              <span className="unread-badge unread-badge--inline" data-testid="menu-unread">
                {unreadLabel(unread)}
                <span className="visually-hidden"> 条未读</span>
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </>
  );
}

function AccountArea({
  loggedIn,
  redirectTo,
  user,
  unread,
}: {
  loggedIn: boolean;
  redirectTo: string;
  user: AccountUser | null | undefined;
  unread: number;
}) {
  if (!loggedIn) {
    return (
      <div className="account-area">
        <Link to={loginHref(redirectTo)} className="btn btn--ghost btn--sm" onClick={openModal("wechat", redirectTo)}>
          登录
        </Link>
        <Link
          to={registerHref(redirectTo)}
          className="btn btn--accent btn--sm"
          onClick={openModal("register-phone", redirectTo)}
        >
          注册
        </Link>
      </div>
    );
  }
  const name = user?.nickname ?? "个人中心";
  return (
    <details className="account-menu">
      <summary className="account-menu__summary">
        <span className="visually-hidden">我的账户：</span>
        <span className="account-menu__avatar-wrap">
          <Avatar user={user} />
          {unread > 0 ? (
            <span className="unread-badge" data-testid="header-unread" aria-hidden="true">
              {unreadLabel(unread)}
            </span>
          ) : null}
        </span>
        <span className="account-menu__name">{name}</span>
        {unread > 0 ? <span className="visually-hidden">，{unread} 条未读消息</span> : null}
      </summary>
      <div className="account-menu__panel">
        <ul>
          <UserMenuLinks unread={unread} />
        </ul>
        <Form method="post" action="/account/logout" className="account-menu__logout">
          <button type="submit">退出</button>
        </Form>
      </div>
    </details>
  );
}

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
  const rootData = useRootData();
  const user = rootData?.user;
  const unread = loggedIn ? (rootData?.unreadNoticeCount ?? 0) : 0;

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
          <AccountArea loggedIn={loggedIn} redirectTo={redirectTo} user={user} unread={unread} />
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
            {loggedIn ? (
              <div className="mobile-menu__user">
                <ul className="site-nav__list">
                  <UserMenuLinks unread={unread} linkClassName="site-nav__link" />
                </ul>
                <Form method="post" action="/account/logout">
                  <button type="submit" className="btn btn--ghost btn--block">
                    退出
                  </button>
                </Form>
              </div>
            ) : (
              <div className="mobile-menu__account">
                <Link
                  to={loginHref(redirectTo)}
                  className="btn btn--ghost btn--block"
                  onClick={openModal("wechat", redirectTo)}
                >
                  登录
                </Link>
                <Link
                  to={registerHref(redirectTo)}
                  className="btn btn--accent btn--block"
                  onClick={openModal("register-phone", redirectTo)}
                >
                  注册
                </Link>
              </div>
            )}
          </div>
        </details>
      </div>
    </header>
  );
}
