import { Link } from "@remix-run/react";
import { Fragment } from "react";

export type Crumb = { to: string; label: string };

/** 首页 / 专辑 / 当前页: the trail above a content page's title; the last item is the page itself. */
export function Breadcrumb({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav className="breadcrumb content-breadcrumb" aria-label="面包屑">
      <ol>
        {[{ to: "/", label: "首页" }, ...trail].map((crumb) => (
          <Fragment key={crumb.to}>
            <li>
              <Link to={crumb.to}>{crumb.label}</Link>
            </li>
            <li aria-hidden="true" className="content-breadcrumb__separator">
              /
            </li>
          </Fragment>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
