import type { LoaderFunctionArgs } from "@remix-run/node";
import type { HomeData } from "@contract/catalogue";
import { isApiError } from "~/services/api-client.server";
import { getHomeData } from "~/services/catalogue.server";
import { getHomeContent } from "~/services/content.server";
import { loadPreviewFaces } from "~/services/subset.server";
import { toFontSummary, type PreviewFace } from "~/utils/catalogue/fonts";
import { DEFAULT_PREVIEW_TEXT } from "~/utils/catalogue/preview-text";
import { categoryEntryImage } from "~/utils/catalogue/category-image";

// The home page loader, kept out of the route module: a route module importing `*.server` modules leaves one
// empty chunk per module in the browser build, fetched on every first load.

const EMPTY_HOME: Pick<HomeData, "categories" | "recommend" | "newest" | "stats" | "banners"> = {
  categories: [],
  recommend: [],
  newest: [],
  stats: { fontCount: 0, familyCount: 0, freeCommercialCount: 0 },
  banners: [],
};

const RECOMMEND_COUNT = 8;
const NEWEST_COUNT = 6;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  let home = EMPTY_HOME;
  let loadError: string | null = null;
  // Loaded alongside the fonts; awaited at the end (the guard only keeps an early throw below from
  // leaving its failure unhandled).
  const content = getHomeContent(caller);
  content.catch(() => undefined);
  try {
    const data = await getHomeData(caller);
    home = {
      categories: [...data.categories].sort((a, b) => a.sort - b.sort),
      recommend: data.recommend,
      newest: data.newest,
      stats: data.stats,
      banners: data.banners.filter((banner) => banner.title).sort((a, b) => a.sort - b.sort),
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    loadError = error.message;
  }

  const recommend = home.recommend.slice(0, RECOMMEND_COUNT).map(toFontSummary);
  const newest = home.newest.slice(0, NEWEST_COUNT).map(toFontSummary);
  const previewText = DEFAULT_PREVIEW_TEXT;
  const faces: Record<string, PreviewFace> = await loadPreviewFaces(
    caller,
    [...recommend, ...newest].map((font) => ({ gno: font.fontGNo, text: previewText })),
    { checkCoverage: true },
  );
  return {
    // The grid's cards: where each goes, its name and its artwork for each colour scheme.
    categories: home.categories.map((category) => ({
      code: category.code,
      name: category.name,
      href: category.url || `/font?style=${encodeURIComponent(category.code)}`,
      image: { light: categoryEntryImage(category, "light"), dark: categoryEntryImage(category, "dark") },
    })),
    recommend,
    newest,
    stats: home.stats,
    banners: home.banners,
    faces,
    previewText,
    loadError,
    content: await content,
  };
}
