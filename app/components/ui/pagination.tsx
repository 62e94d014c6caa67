import { Link, useLocation } from "@remix-run/react";

export type PaginationProps = {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages. */
  pages: number;
  /** Builds the href of a page; default: current URL with `?page=` replaced (other params kept). */
  hrefFor?: (page: number) => string;
  /** Query parameter name used by the default hrefFor. */
  param?: string;
  label?: string;
};

/** Page numbers around the current one, with gaps: [1, "gap", 4, 5, 6, "gap", 10]. */
export function pageWindow(page: number, pages: number, around = 2): (number | "gap")[] {
  if (pages <= 1) return [1];
  const current = Math.min(Math.max(1, page), pages);
  const items: (number | "gap")[] = [];
  const start = Math.max(2, current - around);
  const end = Math.min(pages - 1, current + around);
  items.push(1);
  if (start > 2) items.push("gap");
  for (let p = start; p <= end; p++) items.push(p);
  if (end < pages - 1) items.push("gap");
  items.push(pages);
  return items;
}

/** Previous / next / numbered links; plain links, so it works without JavaScript. */
export function Pagination({ page, pages, hrefFor, param = "page", label = "分页" }: PaginationProps) {
  const location = useLocation();
  if (pages <= 1) return null;
  const href =
    hrefFor ??
    ((p: number) => {
      const params = new URLSearchParams(location.search);
      if (p <= 1) params.delete(param);
      else params.set(param, String(p));
      const search = params.toString();
      return `${location.pathname}${search ? `?${search}` : ""}`;
    });
  const current = Math.min(Math.max(1, page), pages);
  return (
    <nav className="pagination" aria-label={label}>
      {current > 1 ? (
        <Link className="pagination__item pagination__prev" to={href(current - 1)} rel="prev" aria-label="上一页">
          上一页
        </Link>
      ) : (
        <span className="pagination__item pagination__prev" aria-disabled="true">
          上一页
        </span>
      )}
      <ol className="pagination__pages">
        {pageWindow(current, pages).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className="pagination__item"
                to={href(item)}
                aria-current={item === current ? "page" : undefined}
                aria-label={`第 ${item} 页`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>
      {current < pages ? (
        <Link className="pagination__item pagination__next" to={href(current + 1)} rel="next" aria-label="下一页">
          下一页
        </Link>
      ) : (
        <span className="pagination__item pagination__next" aria-disabled="true">
          下一页
        </span>
      )}
    </nav>
  );
}
