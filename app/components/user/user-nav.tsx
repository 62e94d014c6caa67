import { NavLink } from "@remix-run/react";
import { cn } from "~/utils/misc";

/** The user centre's sections, the overview first. */
export const USER_NAV = [
  { to: "/user", label: "概览", icon: "overview" },
  { to: "/user/profile", label: "个人资料", icon: "profile" },
  { to: "/user/favorite", label: "我的收藏", icon: "favorite" },
  { to: "/user/compare", label: "字体对比", icon: "compare" },
  { to: "/user/download", label: "下载记录", icon: "download" },
  { to: "/user/message", label: "消息", icon: "message" },
] as const;

const ICON_PATHS: Record<(typeof USER_NAV)[number]["icon"], string> = {
  overview: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  profile: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.2 0-8 2.2-8 5.5V21h16v-1.5c0-3.3-3.8-5.5-8-5.5Z",
  favorite: "M12 20.5 4.2 13a4.9 4.9 0 0 1 7-6.9l.8.8.8-.8a4.9 4.9 0 0 1 7 6.9L12 20.5Z",
  compare: "M4 5h7v14H4zM13 5h7v14h-7z",
  download: "M12 3v11m0 0 4.5-4.5M12 14 7.5 9.5M4 17v3h16v-3",
  message: "M4 5h16v11H8l-4 4V5Z",
};

/** Side navigation of the user centre; a horizontal scroller on phones. */
export function UserNav() {
  return (
    <nav className="user-nav" aria-label="个人中心">
      <ul className="user-nav__list">
        {USER_NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === "/user"}
              prefetch="none"
              className={({ isActive }) => cn("user-nav__link", isActive && "is-active")}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  d={ICON_PATHS[item.icon]}
                  fill={item.icon === "download" ? "none" : "currentColor"}
                  stroke={item.icon === "download" ? "currentColor" : "none"}
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
