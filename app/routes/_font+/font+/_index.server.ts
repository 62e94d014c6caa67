import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CategoryChip } from "~/components/catalogue/font-filters";
import { isApiError, type ApiCaller } from "~/services/api-client.server";
import { getDictionaries, getHomeData, listFonts } from "~/services/catalogue.server";
import { loadPreviewFaces } from "~/services/subset.server";
import { categoryImage, seededRandom } from "~/utils/catalogue/category-image";
import { dictEntries, toFontSummary, type Font, type Page, type Tag } from "~/utils/catalogue/fonts";
import { LIST_PAGE_SIZE, listPreviewText, parseFontListQuery, type FontListQuery } from "~/utils/catalogue/font-query";

// The font list's loader, kept out of the route module: a route module importing `*.server` modules
// leaves one empty chunk per module in the browser build, fetched on every first load.

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
  if (query.fonts) notices.push("正在按字幕文件筛选：只列出能显示这个字幕全部文字的字体。");

  const fetchPage = (q: FontListQuery) =>
    listFonts(caller, {
      current: q.page,
      size: LIST_PAGE_SIZE,
      style: q.style,
      tagId: q.tag,
      keyword: q.keyword || undefined,
      sort: q.sort,
      text: q.fit && q.text ? q.text : undefined,
      gnos: q.fonts,
    }).then(
      (page) => ({ page, rejected: null as string | null }),
      (error: unknown) => {
        // The backend rejected a parameter: an empty list and a notice rather than an error page.
        if (isApiError(error) && error.status === 400) return { page: EMPTY_PAGE, rejected: error.message };
        throw error;
      },
    );

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
