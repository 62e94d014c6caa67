import { FontActions, useServedFontActions } from "~/components/catalogue/font-actions";
import type { ActionFunctionArgs, MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data as answer, redirect } from "@remix-run/node";
import {
  Link,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { ErrorPage, describeError } from "~/components/ui/error-page";
import { FontFaces } from "~/components/catalogue/font-faces";
import { FontFilters, type CategoryChip } from "~/components/catalogue/font-filters";
import { FontList } from "~/components/catalogue/font-list";
import { LayoutSwitch } from "~/components/catalogue/layout-switch";
import { SubtitleFilter } from "~/components/catalogue/subtitle-filter";
import { Pagination } from "~/components/ui/pagination";
import { ServerMarkup } from "~/components/ui/server-markup";
import {
  fontListSearch,
  type FontListQuery,
  LIST_PAGE_SIZE,
  listPreviewText,
  parseFontListQuery,
  subtitleFilterFonts,
  subtitleFilterSearch,
  SUBTITLE_FILTER_MAX_FONTS,
  withoutSubtitleFilter,
} from "~/services/catalogue/font-query";
import { checkSubtitleUpload } from "~/utils/subtitles/subtitle-check.server";
import { useStaticUrl } from "~/utils/root-data";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { isApiError, type ApiCaller } from "~/services/api-client.server";
import { getDictionaries, getHomeData, listFonts } from "~/services/catalogue.server";
import { loadPreviewFaces } from "~/services/subset.server";
import { categoryImage, seededRandom } from "~/services/catalogue/category-image";
import { dictEntries, toFontSummary, type Font, type Page, type Tag } from "~/services/catalogue/fonts";
import { withSocialMeta } from "~/utils/seo/social-meta";
import type { NewWordsRoute } from "~/utils/preview-parts";

/** The style filters: the style dictionary, or the home page's categories when it has none. */
async function loadCategories(caller: ApiCaller): Promise<CategoryChip[]> {
  const dicts = await getDictionaries(caller).catch(ignoreRefusal([]));
  const fromDict = dictEntries(dicts, "style")
    .filter((dict) => dict.dictNumber !== "all")
    .map((dict) => ({ code: dict.dictNumber, name: dict.dictName }));
  if (fromDict.length > 0) return fromDict;
  const home = await getHomeData(caller).catch(ignoreRefusal(null));
  return (home?.categories ?? [])
    .filter((category) => category.code !== "all")
    .sort((a, b) => a.sort - b.sort)
    .map((category) => ({ code: category.code, name: category.name }));
}

/** A refusal gives `fallback`; a redirect or an answer that breaks the contract goes on to the error page. */
function ignoreRefusal<T>(fallback: T) {
  return (error: unknown): T => {
    if (!isApiError(error)) throw error;
    return fallback;
  };
}

const EMPTY_PAGE: Page<Font> = { records: [], total: 0, current: 1, size: LIST_PAGE_SIZE, pages: 0 };

/** What the list says when the address names a style the catalogue does not have. */
const UNKNOWN_STYLE_NOTICE = "没有找到这个风格分类，已显示全部字体。";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  const url = new URL(request.url);
  const parsed = parseFontListQuery(url.searchParams);
  let query = parsed.query;
  const askedStyle = (url.searchParams.get("style") ?? "").trim();
  // A style the address cannot name has its own notice below, not the general one.
  const notice = parsed.invalid.length === 1 && parsed.invalid[0] === "style" ? null : parsed.notice;
  const previewText = listPreviewText(query);
  const notices: string[] = notice ? [notice] : [];
  if (query.fit && !query.text) notices.push("先输入预览文字，“只看能显示这段文字的字体”才会生效。");

  const fetchPage = async (q: FontListQuery) => {
    const gnos = subtitleFilterFonts(q);
    // A subtitle no font can show: nothing to ask.
    if (gnos?.length === 0) return { page: EMPTY_PAGE, rejected: null };
    return listFonts(caller, {
      current: q.page,
      size: LIST_PAGE_SIZE,
      style: q.style,
      tagId: q.tag,
      keyword: q.keyword || undefined,
      sort: q.sort,
      text: q.fit && q.text ? q.text : undefined,
      gnos: gnos?.join("."),
    }).then(
      (page) => ({ page, rejected: null as string | null }),
      (error: unknown) => {
        // The backend rejected a parameter: an empty list and a notice rather than an error page.
        if (isApiError(error) && error.status === 400) return { page: EMPTY_PAGE, rejected: error.message };
        throw error;
      },
    );
  };

  const [first, categories] = await Promise.all([fetchPage(query), loadCategories(caller)]);
  let { page, rejected } = first;
  const unknownStyle =
    parsed.invalid.includes("style") ||
    (query.style !== undefined && categories.length > 0 && !categories.some((c) => c.code === query.style));
  if (unknownStyle) {
    // Every font instead, under a default picture (SPEC 1: an unknown code falls back to one).
    if (query.style) {
      query = { ...query, style: undefined };
      ({ page, rejected } = await fetchPage(query));
    }
    notices.push(UNKNOWN_STYLE_NOTICE);
  }
  if (rejected) notices.push(rejected);

  const records = page.records;
  if (records.length === 0 && query.page > 1 && page.pages > 0) {
    notices.push(`第 ${query.page} 页没有内容，一共只有 ${page.pages} 页。`);
  }

  const faces = await loadPreviewFaces(
    caller,
    records.map((font) => ({ gno: font.fontGNo, text: previewText })),
    { checkCoverage: true },
  );

  const tagMap = new Map<number, Tag>();
  for (const font of records) for (const tag of font.tags) if (!tagMap.has(tag.id)) tagMap.set(tag.id, tag);
  const tags = [...tagMap.values()].slice(0, 16);
  const tagName = query.tag ? (tagMap.get(query.tag)?.name ?? null) : null;
  if (query.tag && !tagMap.has(query.tag)) tags.unshift({ id: query.tag, name: tagName ?? `标签 ${query.tag}` });
  const styleName = query.style ? (categories.find((c) => c.code === query.style)?.name ?? null) : null;
  // The chosen style's artwork, or for an unknown one a default picked by its code, in the
  // previews' theme (the page's own 浅色/深色 switch).
  const styleArtwork = query.style
    ? categoryImage(query.style, query.theme)
    : unknownStyle
      ? categoryImage(askedStyle, query.theme, seededRandom(askedStyle))
      : null;

  return {
    query,
    notices,
    previewText,
    fonts: records.map(toFontSummary),
    total: page.total,
    pages: page.pages,
    categories,
    tags,
    tagName,
    styleName,
    styleArtwork,
    faces,
  };
}

/**
 * POST (multipart, `subtitle`): the list narrowed to the fonts that can show every character of the
 * file, as a redirect to its GET address (the other filters kept); a refused file answers its message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const headers = { "Cache-Control": "no-store" };
  const result = await checkSubtitleUpload({ request, context });
  if (!result.ok) return answer({ subtitleMessage: result.message }, { status: result.status, headers });
  const { query } = parseFontListQuery(new URL(request.url).searchParams);
  const { covering, fileName } = result.check;
  const search = subtitleFilterSearch(
    query,
    covering.map((font) => font.fontGNo),
    fileName,
  );
  if (search === null) {
    const message = `${covering.length} 款字体都能显示这份字幕，超过一次筛选的上限（${SUBTITLE_FILTER_MAX_FONTS} 款），列表未筛选。`;
    return answer({ subtitleMessage: message }, { headers });
  }
  return redirect(`/font${search}`, { status: 303, headers });
}

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

type FontListData = Awaited<ReturnType<typeof loader>>;

/** The visitor's words, unless they also filter the list (只看能显示这段文字的字体). */
const newWords: NewWordsRoute<FontListData> = {
  words: (data) => (data.query.text && !data.query.fit ? { text: data.query.text, faces: data.faces } : null),
  withWords: (data, text, faces) => ({ ...data, query: { ...data.query, text }, previewText: text, faces }),
};

export const handle = { newWords };

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
  const refusal = useActionData<typeof action>();
  const { query, fonts, faces, previewText, total, pages } = data;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/font";
  const filtered = Boolean(query.keyword || query.style || query.tag || query.fonts || (query.fit && query.text));
  const asset = useStaticUrl();
  const servedActions = useServedFontActions();

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

      <FontFilters query={query} categories={data.categories} tags={data.tags}>
        <SubtitleFilter query={query} message={refusal?.subtitleMessage} />
      </FontFilters>

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

      <div className="font-results" aria-busy={busy || undefined} onSubmit={servedActions.onSubmit}>
        {fonts.length > 0 ? (
          <ServerMarkup content={[fonts, faces, query.layout, previewText, query.theme, ...servedActions.state]}>
            <FontList
              fonts={fonts}
              faces={faces}
              layout={query.layout}
              previewText={previewText}
              theme={query.theme}
              label="字体列表"
              actions={FontActions}
            />
          </ServerMarkup>
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
        {query.fonts ? (
          <li>
            <Link to={`/font${withoutSubtitleFilter(query)}`}>清除字幕筛选</Link>，或到{" "}
            <Link to="/subtitles">字幕检查</Link>看看每款字体缺哪些字
          </li>
        ) : null}
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
