import {
  countSearchResults,
  getAlbumDetail,
  getAlbumPage,
  getAlbumTags,
  getBaikeDetail,
  getBaikePage,
  getBaikeTitles,
  getCaseDetail,
  getCasePage,
  getCaseTags,
  getNewsDetail,
  getNewsPage,
  getVideoDetail,
  getVideoPage,
  saveMessage,
  searchEverything,
  type CasePageQuery,
  type ContentPageQuery,
  type MessageBoardBody,
  type SearchType,
  type VideoPageQuery,
} from "@contract/content";
import { callApi, isApiError, type ApiCaller } from "./api-client.server";
import { loadPreviewFaces } from "./subset.server";

/**
 * The site's editorial content: albums, the calligraphy encyclopedia (书法百科), cases, news and
 * videos, the search across them and the catalogue, and the contact message board.
 */

/** Unique characters a sample may need: a visitor's own text plus the page's names. */
const SAMPLE_MAX_CHARS = 400;

type ListQuery = Partial<Pick<ContentPageQuery, "current" | "size" | "tagId" | "keyword">>;

export function listAlbumTags(caller: ApiCaller) {
  return callApi(caller, getAlbumTags);
}

export function listAlbums(caller: ApiCaller, query: ListQuery) {
  return callApi(caller, getAlbumPage, { query });
}

export function getAlbum(caller: ApiCaller, id: number) {
  return callApi(caller, getAlbumDetail, { query: { id } });
}

/** The encyclopedia's titles grouped by tag (书体, 书家, 技法, 术语); `tagId` keeps one group. */
export function listBaikeTitles(caller: ApiCaller, tagId?: number) {
  return callApi(caller, getBaikeTitles, { query: { tagId } });
}

export function listBaike(caller: ApiCaller, query: ListQuery) {
  return callApi(caller, getBaikePage, { query });
}

export function getBaike(caller: ApiCaller, id: number) {
  return callApi(caller, getBaikeDetail, { query: { id } });
}

export function listCaseTags(caller: ApiCaller) {
  return callApi(caller, getCaseTags);
}

/** Cases; with `fontGNo`, those using any weight of that font's family. */
export function listCases(caller: ApiCaller, query: ListQuery & Partial<Pick<CasePageQuery, "fontGNo">>) {
  return callApi(caller, getCasePage, { query });
}

export function getCase(caller: ApiCaller, id: number) {
  return callApi(caller, getCaseDetail, { query: { id } });
}

export function listNews(caller: ApiCaller, query: ListQuery) {
  return callApi(caller, getNewsPage, { query });
}

export function getNews(caller: ApiCaller, id: number) {
  return callApi(caller, getNewsDetail, { query: { id } });
}

/** Videos; with `fontGNo`, those showing any weight of that font's family. */
export function listVideos(caller: ApiCaller, query: ListQuery & Partial<Pick<VideoPageQuery, "fontGNo">>) {
  return callApi(caller, getVideoPage, { query });
}

export function getVideo(caller: ApiCaller, id: number) {
  return callApi(caller, getVideoDetail, { query: { id } });
}

/** One page of everything matching `keyword`, of one kind or all. */
export function search(
  caller: ApiCaller,
  query: { keyword: string; type: SearchType; current?: number; size?: number },
) {
  return callApi(caller, searchEverything, { query });
}

/** How many items of each kind match `keyword`. */
export function countMatches(caller: ApiCaller, keyword: string) {
  return callApi(caller, countSearchResults, { query: { keyword } });
}

/** Leaves a message for the editors; refused with 429 past the backend's per-client limit. */
export function leaveMessage(caller: ApiCaller, body: MessageBoardBody) {
  return callApi(caller, saveMessage, { body });
}

/**
 * The subset faces for fonts previewing sample texts: one call for the page, each font's texts
 * joined (a font may appear twice, e.g. for a case's title and its flower text).
 */
export function loadSampleFaces(caller: ApiCaller, samples: Array<{ fontGNo: string; text: string }>) {
  const texts = new Map<string, string>();
  for (const { fontGNo, text } of samples) texts.set(fontGNo, `${texts.get(fontGNo) ?? ""}${text}`);
  return loadPreviewFaces(
    caller,
    [...texts].map(([gno, text]) => ({ gno, text })),
    { maxChars: SAMPLE_MAX_CHARS },
  );
}

/** Enough to count the tags of every item of a kind that has no tag list of its own (news, videos). */
const TAG_SCAN_SIZE = 100;

/** The tags used by the newest items of a list, each with how many of them carry it, most used first. */
export async function collectTags(
  list: (query: ListQuery) => Promise<{ records: Array<{ tags: Array<{ id: number; name: string }> }> }>,
) {
  const page = await list({ size: TAG_SCAN_SIZE });
  const counts = new Map<number, { id: number; name: string; count: number }>();
  for (const record of page.records) {
    for (const tag of record.tags) {
      const seen = counts.get(tag.id);
      if (seen) seen.count += 1;
      else counts.set(tag.id, { ...tag, count: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.id - b.id);
}

const HOME_ALBUMS = 4;
const HOME_CASES = 4;
const HOME_VIDEOS = 3;
const HOME_NEWS = 5;

/** The newest albums, cases, videos and news for the home page; a kind that fails is left empty. */
export async function getHomeContent(caller: ApiCaller) {
  const newest = <T>(list: Promise<{ records: T[] }>) =>
    list.then(
      (page) => page.records,
      (error: unknown) => {
        if (!isApiError(error)) throw error;
        return [] as T[];
      },
    );
  const [albums, cases, videos, news] = await Promise.all([
    newest(listAlbums(caller, { size: HOME_ALBUMS })),
    newest(listCases(caller, { size: HOME_CASES })),
    newest(listVideos(caller, { size: HOME_VIDEOS })),
    newest(listNews(caller, { size: HOME_NEWS })),
  ]);
  // Only what the home page's cards show: the page's data travels again in its HTML for hydration.
  return {
    albums: albums.map(({ id, title, summary, cover, fontCount }) => ({ id, title, summary, cover, fontCount })),
    cases: cases.map(({ id, title, summary, cover }) => ({ id, title, summary, cover })),
    videos: videos.map(({ id, title, summary, poster, durationSeconds }) => ({
      id,
      title,
      summary,
      poster,
      durationSeconds,
    })),
    news: news.map(({ id, title, publishedAt }) => ({ id, title, publishedAt })),
  };
}

export type HomeContent = Awaited<ReturnType<typeof getHomeContent>>;
