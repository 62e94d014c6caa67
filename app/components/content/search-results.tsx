import type { SearchKind, SearchResult, SearchType } from "@contract/content";
import { Link } from "@remix-run/react";
import { useStaticUrl } from "~/utils/root-data";
import { formatChinaDate, SEARCH_KIND_LABELS } from "./format";
import { Highlighted } from "./highlight";
import { LazyImage } from "~/components/ui/lazy-image";

export type SearchCountsByKind = Record<SearchKind, number>;

/** `/search?keyword=…&type=…&page=…`, leaving out the defaults. */
export function searchHref(keyword: string, type: SearchType = "all", page = 1): string {
  const params = new URLSearchParams({ keyword });
  if (type !== "all") params.set("type", type);
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

/** 全部 and one tab per kind, each with how many results it holds; plain links. */
export function SearchTabs({
  keyword,
  type,
  total,
  counts,
}: {
  keyword: string;
  type: SearchType;
  total: number;
  counts: SearchCountsByKind;
}) {
  const tabs: Array<{ type: SearchType; label: string; count: number }> = [
    { type: "all", label: "全部", count: total },
    ...(Object.keys(SEARCH_KIND_LABELS) as SearchKind[]).map((kind) => ({
      type: kind,
      label: SEARCH_KIND_LABELS[kind],
      count: counts[kind],
    })),
  ];
  return (
    <nav className="search-tabs" aria-label="按类型查看结果">
      {tabs.map((tab) => (
        <Link
          key={tab.type}
          to={searchHref(keyword, tab.type)}
          aria-current={tab.type === type ? "page" : undefined}
          data-search-type={tab.type}
        >
          {tab.label}
          <span className="search-tabs__count" data-count={tab.count}>
            {tab.count}
          </span>
        </Link>
      ))}
    </nav>
  );
}

/** Only a path on this site: the result's page. */
function sitePath(path: string): string | null {
  return path.startsWith("/") && !path.startsWith("//") && !path.includes("\\") ? path : null;
}

/** The results, the words of `keyword` marked in titles and snippets. */
export function SearchResultList({ results, keyword }: { results: SearchResult[]; keyword: string }) {
  const asset = useStaticUrl();
  return (
    <ol className="search-results" aria-label="搜索结果">
      {results.map((result) => {
        const href = sitePath(result.path);
        return (
          <li key={`${result.kind}-${result.id}`} className="search-result" data-kind={result.kind}>
            <div className="search-result__text">
              <h3 className="search-result__title">
                {href ? (
                  <Link to={href}>
                    <Highlighted text={result.title} keyword={keyword} />
                  </Link>
                ) : (
                  <Highlighted text={result.title} keyword={keyword} />
                )}
              </h3>
              {result.snippet ? (
                <p className="search-result__snippet">
                  <Highlighted text={result.snippet} keyword={keyword} />
                </p>
              ) : null}
              <p className="search-result__meta">
                <span className="search-result__kind">{SEARCH_KIND_LABELS[result.kind]}</span>
                <time dateTime={result.date}>{formatChinaDate(result.date)}</time>
              </p>
            </div>
            {result.cover && href ? (
              <Link to={href} tabIndex={-1} aria-hidden="true">
                <LazyImage src={asset(result.cover)} alt="" width={132} height={99} className="search-result__cover" />
              </Link>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
