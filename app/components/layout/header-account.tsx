import { Form, Link } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { accountModal } from "~/components/account/account-modal-state";
import type { AuthView } from "~/components/account/auth-view";
import { useRootData, type RootData } from "~/utils/root-data";
import { useVisitorValue, VisitorPart } from "~/utils/visitor-parts";

/** The header's account area and the phone menu's: 登录 / 注册, or the signed-in user's menu. */

const USER_MENU = [
  { to: "/user", label: "个人中心" },
  { to: "/user/favorite", label: "我的收藏" },
  { to: "/user/compare", label: "字体对比" },
  { to: "/user/download", label: "下载记录" },
  { to: "/user/message", label: "消息" },
  { to: "/user/profile", label: "个人资料" },
] as const;

/** What the account area shows: a guest's buttons, or a member's menu with or without an avatar picture and unread messages. */
const ACCOUNT_STATES = ["guest", "member", "member-avatar", "member-unread", "member-avatar-unread"] as const;
type AccountState = (typeof ACCOUNT_STATES)[number];

function accountState(root: RootData | undefined): AccountState {
  if (!root?.loggedIn) return "guest";
  const avatar = root.user?.avatarUrl ? "-avatar" : "";
  const unread = (root.unreadNoticeCount ?? 0) > 0 ? "-unread" : "";
  return `member${avatar}${unread}` as AccountState;
}

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

/** The account page `page` (login or register) that comes back to `redirectTo` once done. */
function accountHref(page: "login" | "register", redirectTo: string) {
  return redirectTo && redirectTo !== "/"
    ? `/account/${page}?redirect=${encodeURIComponent(redirectTo)}`
    : `/account/${page}`;
}

/** "99+" past 99, so the badge stays small. */
function unreadLabel(count: number): string {
  return count > 99 ? "99+" : String(count);
}

const nicknameOf = (root?: RootData) => root?.user?.nickname ?? "个人中心";
const avatarOf = (root?: RootData) => root?.user?.avatarUrl ?? "";
const unreadOf = (root?: RootData) => unreadLabel(root?.loggedIn ? (root.unreadNoticeCount ?? 0) : 0);

/** The member's values, the same on the server for the template (marks) and for the page (text). */
function useMemberValues() {
  const root = useRootData();
  return {
    nickname: useVisitorValue(nicknameOf(root), nicknameOf),
    avatarUrl: useVisitorValue(avatarOf(root), avatarOf),
    unread: useVisitorValue(unreadOf(root), unreadOf),
  };
}

/** 登录 / 注册: with JavaScript they open the account modal. */
function GuestLinks({ redirectTo, className, size }: { redirectTo: string; className: string; size: string }) {
  return (
    <div className={className}>
      <Link
        to={accountHref("login", redirectTo)}
        className={`btn btn--ghost ${size}`}
        onClick={openModal("wechat", redirectTo)}
      >
        登录
      </Link>
      <Link
        to={accountHref("register", redirectTo)}
        className={`btn btn--accent ${size}`}
        onClick={openModal("register-phone", redirectTo)}
      >
        注册
      </Link>
    </div>
  );
}

/** The user menu's entries, the messages one with its unread count. */
function UserMenuLinks({ unreadLabel, linkClassName }: { unreadLabel: string | null; linkClassName?: string }) {
  return (
    <>
      {USER_MENU.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={linkClassName}>
            {item.label}
            {item.to === "/user/message" && unreadLabel ? (
              <span className="unread-badge unread-badge--inline" data-testid="menu-unread">
                {unreadLabel}
                <span className="visually-hidden"> 条未读</span>
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </>
  );
}

function Avatar({ url, size = 28 }: { url: string | null; size?: number }) {
  if (url) {
    return (
      <img className="account-menu__avatar account-menu__avatar--img" src={url} alt="" width={size} height={size} />
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

function MemberMenu({ avatar, unread }: { avatar: boolean; unread: boolean }) {
  const values = useMemberValues();
  return (
    <details className="account-menu">
      <summary className="account-menu__summary">
        <span className="visually-hidden">我的账户：</span>
        <span className="account-menu__avatar-wrap">
          <Avatar url={avatar ? values.avatarUrl : null} />
          {unread ? (
            <span className="unread-badge" data-testid="header-unread" aria-hidden="true">
              {values.unread}
            </span>
          ) : null}
        </span>
        <span className="account-menu__name">{values.nickname}</span>
        {unread ? <span className="visually-hidden">，{values.unread} 条未读消息</span> : null}
      </summary>
      <div className="account-menu__panel">
        <ul>
          <UserMenuLinks unreadLabel={unread ? values.unread : null} />
        </ul>
        <Form method="post" action="/account/logout" className="account-menu__logout">
          <button type="submit">退出</button>
        </Form>
      </div>
    </details>
  );
}

/** The account part: what `render` makes of the visitor's state (guest, or member with or without avatar and unread messages). */
function AccountPart({ render }: { render: (state: AccountState) => ReactNode }) {
  return (
    <VisitorPart states={ACCOUNT_STATES} state={accountState(useRootData())} pick={accountState} render={render} />
  );
}

/** The header's account area: 登录 / 注册 for a guest, the user's menu (avatar, name, unread count) for a member. */
export function AccountArea({ redirectTo }: { redirectTo: string }) {
  return (
    <AccountPart
      render={(state) =>
        state === "guest" ? (
          <GuestLinks redirectTo={redirectTo} className="account-area" size="btn--sm" />
        ) : (
          <MemberMenu avatar={state.includes("-avatar")} unread={state.endsWith("-unread")} />
        )
      }
    />
  );
}

function MemberLinks({ unread }: { unread: boolean }) {
  const values = useMemberValues();
  return (
    <div className="mobile-menu__user">
      <ul className="site-nav__list">
        <UserMenuLinks unreadLabel={unread ? values.unread : null} linkClassName="site-nav__link" />
      </ul>
      <Form method="post" action="/account/logout">
        <button type="submit" className="btn btn--ghost btn--block">
          退出
        </button>
      </Form>
    </div>
  );
}

/** The phone menu's account links: 登录 / 注册, or the user menu's entries and 退出. */
export function MobileAccountLinks({ redirectTo }: { redirectTo: string }) {
  return (
    <AccountPart
      render={(state) =>
        state === "guest" ? (
          <GuestLinks redirectTo={redirectTo} className="mobile-menu__account" size="btn--block" />
        ) : (
          <MemberLinks unread={state.endsWith("-unread")} />
        )
      }
    />
  );
}
