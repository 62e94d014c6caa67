import type { MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { ErrorPage, describeError } from "~/components/ui/error-page";
import { FontFaces } from "~/components/catalogue/font-faces";
import { FontFilters } from "~/components/catalogue/font-filters";
import { FontList } from "~/components/catalogue/font-list";
import { LayoutSwitch } from "~/components/catalogue/layout-switch";
import { Pagination } from "~/components/ui/pagination";
import { fontListSearch, type FontListQuery } from "~/utils/catalogue/font-query";
import { useStaticUrl } from "~/utils/root-data";
import { anonymousPageHeaders } from "~/utils/page-cache";
import type { loader } from "./_index.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

export { loader } from "./_index.server";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => {
  const keyword = data?.query.keyword;
  const title = keyword ? `“${keyword}”的字体搜索结果` : data?.styleName ? `${data.styleName}字体` : "字体库";
  return [
    { title: `${title} - 短视频字体` },
    {
      name: "description",
      content: "输入你自己的文字，一次预览所有短视频字体的效果：标题、字幕、封面、花字，免费商用字体一目了然。",
    },
  ];
};

/** About the previews a phone shows before scrolling. */
const PRELOADED_FACES = 4;

export default function FontListPage() {
  const data = useLoaderData<typeof loader>();
  const { query, fonts, faces, previewText, total, pages } = data;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/font";
  const filtered = Boolean(query.keyword || query.style || query.tag || (query.fit && query.text));
  const asset = useStaticUrl();

  return (
    <div className="font-page" data-theme={query.theme}>
      <FontFaces faces={faces} preload={fonts.slice(0, PRELOADED_FACES).map((font) => faces[font.fontGNo])} />
      <header className={data.styleArtwork ? "font-page__head font-page__head--style" : "font-page__head"}>
        {data.styleArtwork ? (
          <img
            src={asset(data.styleArtwork)}
            alt=""
            width={160}
            height={90}
            className="font-page__style-art"
            data-testid="style-artwork"
          />
        ) : null}
        <div>
          <h1>{data.styleName ? `${data.styleName}字体` : "字体库"}</h1>
          <p className="font-page__lead">输入你自己的文字，一次看遍每款字体的效果。</p>
        </div>
      </header>

      {data.notices.map((notice) => (
        <p key={notice} className="notice" role="alert">
          {notice}
        </p>
      ))}

      <FontFilters query={query} categories={data.categories} tags={data.tags} />

      <div className="font-results__bar">
        <p className="font-results__count" aria-live="polite" data-total={total}>
          {query.keyword ? (
            <>
              “<strong>{query.keyword}</strong>” 共找到 <strong>{total}</strong> 款字体
            </>
          ) : filtered ? (
            <>
              共找到 <strong>{total}</strong> 款字体
            </>
          ) : (
            <>
              共 <strong>{total}</strong> 款字体
            </>
          )}
          {query.fit && query.text ? <span className="muted">（均能完整显示“{query.text}”）</span> : null}
        </p>
        <LayoutSwitch current={query.layout} hrefFor={(layout) => `/font${fontListSearch(query, { layout }, true)}`} />
      </div>

      <div className="font-results" aria-busy={busy || undefined}>
        {fonts.length > 0 ? (
          <FontList
            fonts={fonts}
            faces={faces}
            layout={query.layout}
            previewText={previewText}
            theme={query.theme}
            label="字体列表"
          />
        ) : (
          <EmptyState query={query} />
        )}
      </div>

      <Pagination
        page={query.page}
        pages={pages}
        hrefFor={(page) => `/font${fontListSearch(query, { page }, true)}`}
        label="字体列表分页"
      />
    </div>
  );
}

function EmptyState({ query }: { query: FontListQuery }) {
  const asset = useStaticUrl();
  return (
    <div className="empty-state" role="status">
      <img src={asset("/images/empty.svg")} alt="" width={200} height={160} />
      <h2>没有找到符合条件的字体</h2>
      <ul className="empty-state__tips">
        {query.fit && query.text ? (
          <li>
            没有字体能完整显示这段文字，试试{" "}
            <Link to={`/font${fontListSearch(query, { fit: false })}`}>取消“只看能显示这段文字的字体”</Link>
          </li>
        ) : null}
        {query.keyword ? (
          <li>
            换个关键词，或 <Link to={`/font${fontListSearch(query, { keyword: "" })}`}>清除搜索词</Link>
          </li>
        ) : null}
        {query.style || query.tag ? (
          <li>
            <Link to={`/font${fontListSearch(query, { style: undefined, tag: undefined })}`}>查看全部风格</Link>
          </li>
        ) : null}
        {query.page > 1 ? (
          <li>
            <Link to={`/font${fontListSearch(query, { page: 1 }, true)}`}>回到第 1 页</Link>
          </li>
        ) : null}
        <li>
          <Link to="/font">浏览全部字体</Link>
        </li>
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { status, message } = describeError(error);
  // A response we threw carries a message meant for the visitor; anything else stays unsaid.
  const shown = isRouteErrorResponse(error) || status < 500 ? message : "服务暂时不可用，请稍后刷新重试";
  return <ErrorPage status={status} message={shown} />;
}

export const meta = withSocialMeta(pageMeta);
