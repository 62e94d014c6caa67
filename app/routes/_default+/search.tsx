import { KEYWORD_MAX } from "@contract/catalogue";
import { SEARCH_TYPES, type SearchType } from "@contract/content";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { SEARCH_KIND_LABELS } from "~/components/content/format";
import { parseListQuery } from "~/components/content/list-query";
import { SearchResultList, SearchTabs, searchHref } from "~/components/content/search-results";
import { Pagination } from "~/components/ui/pagination";
import { isApiError } from "~/services/api-client.server";
import { suggestKeywords } from "~/services/catalogue.server";
import { countMatches, search } from "~/services/content.server";
import { useStaticUrl } from "~/utils/root-data";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.keyword ? `“${data.keyword}”的搜索结果 - 短视频字体` : "搜索 - 短视频字体" },
  { name: "description", content: "搜索字体、专辑、书法百科、案例、资讯和视频。" },
];

const SEARCH_PAGE_SIZE = 10;
const HOT_KEYWORD_COUNT = 10;

const EMPTY_COUNTS = { fonts: 0, albums: 0, baike: 0, cases: 0, news: 0, videos: 0 };

/** The keyword as the backend takes it: trimmed, no control characters, cut to its limit without splitting a character. */
function readKeyword(value: string | null): { keyword: string; cut: boolean } {
  const clean = (value ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  let keyword = "";
  for (const char of clean) {
    if (keyword.length + char.length > KEYWORD_MAX) return { keyword: keyword.trim(), cut: true };
    keyword += char;
  }
  return { keyword, cut: false };
}

function readType(value: string | null): SearchType {
  return SEARCH_TYPES.find((type) => type === value) ?? "all";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  const searchParams = new URL(request.url).searchParams;
  const { keyword, cut } = readKeyword(searchParams.get("keyword"));
  const type = readType(searchParams.get("type"));
  const { page } = parseListQuery(searchParams);
  const notices: string[] = cut ? [`搜索词最多 ${KEYWORD_MAX} 个字符，已截断。`] : [];

  const hot = suggestKeywords(caller, "", HOT_KEYWORD_COUNT).then(
    (suggestions) => suggestions.map((suggestion) => suggestion.keyword),
    (error: unknown) => {
      if (!isApiError(error)) throw error;
      return [];
    },
  );
  if (!keyword) {
    return { keyword, type, page, notices, hot: await hot, results: [], pages: 0, total: 0, counts: EMPTY_COUNTS };
  }

  try {
    const [counts, results, hotKeywords] = await Promise.all([
      countMatches(caller, keyword),
      search(caller, { keyword, type, current: page, size: SEARCH_PAGE_SIZE }),
      hot,
    ]);
    if (results.records.length === 0 && page > 1 && results.pages > 0) {
      notices.push(`第 ${page} 页没有结果，一共只有 ${results.pages} 页。`);
    }
    return {
      keyword,
      type,
      page,
      notices,
      hot: hotKeywords,
      results: results.records,
      pages: results.pages,
      total: counts.total,
      counts: counts.counts,
    };
  } catch (error) {
    // A keyword the backend refuses is a notice on an empty result, not an error page.
    if (!isApiError(error) || error.status !== 400) throw error;
    notices.push(error.message);
    return { keyword, type, page, notices, hot: await hot, results: [], pages: 0, total: 0, counts: EMPTY_COUNTS };
  }
}

export default function SearchPage() {
  const { keyword, type, page, notices, hot, results, pages, total, counts } = useLoaderData<typeof loader>();
  return (
    <div className="content-page search-page">
      <header className="content-head">
        <h1 className="content-head__title">{keyword ? `“${keyword}”的搜索结果` : "搜索"}</h1>
        <p className="content-head__lead">字体、专辑、书法百科、案例、资讯和视频，一次搜遍。</p>
      </header>

      <Form method="get" action="/search" role="search" className="search-page__form">
        <label htmlFor="search-keyword" className="visually-hidden">
          搜索关键词
        </label>
        <input
          id="search-keyword"
          key={keyword}
          type="search"
          name="keyword"
          defaultValue={keyword}
          maxLength={KEYWORD_MAX}
          placeholder="搜索字体、书体、书法家、案例……"
          autoComplete="off"
          enterKeyHint="search"
        />
        {type !== "all" ? <input type="hidden" name="type" value={type} /> : null}
        <button type="submit" className="btn btn--primary">
          搜索
        </button>
      </Form>

      {hot.length > 0 ? (
        <nav className="search-hot" aria-label="热门搜索">
          <span className="search-hot__label">热门搜索</span>
          {hot.map((word) => (
            <Link key={word} to={searchHref(word)} className="chip chip--small">
              {word}
            </Link>
          ))}
        </nav>
      ) : null}

      {notices.map((notice) => (
        <p key={notice} className="notice" role="alert">
          {notice}
        </p>
      ))}

      {keyword ? (
        <>
          <SearchTabs keyword={keyword} type={type} total={total} counts={counts} />
          {results.length > 0 ? (
            <>
              <p className="content-count" data-total={type === "all" ? total : counts[type]}>
                {type === "all" ? "共找到" : `${SEARCH_KIND_LABELS[type]}中找到`}{" "}
                <strong>{type === "all" ? total : counts[type]}</strong> 条结果
              </p>
              <SearchResultList results={results} keyword={keyword} />
            </>
          ) : (
            <NoResults keyword={keyword} type={type} total={total} hot={hot} page={page} />
          )}
          <Pagination
            page={page}
            pages={pages}
            hrefFor={(target) => searchHref(keyword, type, target)}
            label="搜索结果分页"
          />
        </>
      ) : null}
    </div>
  );
}

/** An empty result: why it may be empty and what to try instead. */
function NoResults({
  keyword,
  type,
  total,
  hot,
  page,
}: {
  keyword: string;
  type: SearchType;
  total: number;
  hot: string[];
  page: number;
}) {
  const asset = useStaticUrl();
  const tries = hot.filter((word) => word !== keyword).slice(0, 5);
  return (
    <div className="empty-state content-empty" role="status">
      <img src={asset("/images/empty.svg")} alt="" width={200} height={160} />
      <h2>
        {page > 1
          ? "这一页没有结果"
          : type !== "all" && total > 0
            ? `${SEARCH_KIND_LABELS[type]}中没有找到`
            : `没有找到与“${keyword}”相关的内容`}
      </h2>
      <ul className="empty-state__tips">
        {type !== "all" && total > 0 ? (
          <li>
            其他分类有 {total} 条结果：<Link to={searchHref(keyword)}>查看全部结果</Link>
          </li>
        ) : null}
        {page > 1 ? (
          <li>
            <Link to={searchHref(keyword, type)}>回到第 1 页</Link>
          </li>
        ) : null}
        <li>检查有没有错别字，或换一个更短、更常用的词（例如“楷书”而不是“楷书的写法”）</li>
        <li>多个词之间用空格隔开时，结果需要同时包含每个词，试试只搜其中一个</li>
        {tries.length > 0 ? (
          <li>
            试试：
            {tries.map((word, index) => (
              <span key={word}>
                {index > 0 ? "、" : null}
                <Link to={searchHref(word)}>{word}</Link>
              </span>
            ))}
          </li>
        ) : null}
        <li>
          或者直接逛逛 <Link to="/font">字体库</Link>、<Link to="/baike">书法百科</Link>、<Link to="/case">案例</Link>
        </li>
      </ul>
    </div>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
