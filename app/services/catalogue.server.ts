import {
  addFontVisits as addFontVisitsEndpoint,
  getColumnsByType,
  getDownloadUrl,
  getFontDictionaries,
  getFontInformation,
  getFontList,
  getFriendshipLinks,
  getHomeData as getHomeDataEndpoint,
  getKeywords,
  type FontListQuery,
  MAX_FONT_VISITS_PER_CALL,
} from "@contract/catalogue";
import type { EndpointQuery } from "@contract/endpoint";
import { callApi, type ApiCaller } from "./api-client.server";
import { FontVisitCounter } from "./catalogue/font-visits";

/** Calls that render the frame of every page must not hold it for the full API timeout. */
export const CHROME_TIMEOUT_MS = 8_000;

/** One page of the font list (each family once, every weight as children). */
export function listFonts(caller: ApiCaller, query: EndpointQuery<typeof getFontList>) {
  return callApi(caller, getFontList, { query });
}

export type { FontListQuery };

/** A font with its family, as every visitor sees it (kept for half a minute like the other catalogue reads). */
export function getFont(caller: ApiCaller, fontGNo: string) {
  return callApi(caller, getFontInformation, { params: { id: fontGNo } });
}

/** Counts `visits` views of a font, in as many calls as the endpoint's bound per call needs. */
export async function addFontVisits(caller: ApiCaller, fontGNo: string, visits: number): Promise<void> {
  for (let left = visits; left > 0; left -= MAX_FONT_VISITS_PER_CALL) {
    await callApi(caller, addFontVisitsEndpoint, {
      body: { fontGNo, visits: Math.min(left, MAX_FONT_VISITS_PER_CALL) },
    });
  }
}

/** Where the visits counted in this process go: the context of the latest page that counted one. */
let visitsContext: { origin: string; context: ApiCaller["context"] } | undefined;
const renderedPageVisits = new FontVisitCounter((fontGNo, visits) => {
  if (!visitsContext) return;
  const caller = { request: new Request(visitsContext.origin), context: visitsContext.context };
  addFontVisits(caller, fontGNo, visits).catch((error: unknown) =>
    console.error(`字体 ${fontGNo} 的访问量未能记录:`, error),
  );
});

/**
 * Counts one view of the font's page, reported with the others of the same second in one call: the
 * page is rendered from the shared font information rather than from the detail read that counts one.
 */
export function countFontVisit(caller: ApiCaller, fontGNo: string): void {
  visitsContext = { origin: new URL(caller.request.url).origin, context: caller.context };
  renderedPageVisits.count(fontGNo);
}

/** The files of every weight of the font's family. */
export function getDownloadFiles(caller: ApiCaller, fontGNo: string) {
  return callApi(caller, getDownloadUrl, { query: { fontGNo } });
}

/** The dictionaries of style, license, charset, sort and weight names. */
export function getDictionaries(caller: ApiCaller) {
  return callApi(caller, getFontDictionaries);
}

/** Categories, recommended and newest fonts, counts and banners of the home page. */
export function getHomeData(caller: ApiCaller) {
  return callApi(caller, getHomeDataEndpoint);
}

/** 10 s: suggestions are only worth showing while the visitor is still typing. */
const SUGGEST_TIMEOUT_MS = 10_000;

/** Hot keywords, or keywords and font names containing `keyword`. */
export function suggestKeywords(caller: ApiCaller, keyword: string, limit: number) {
  return callApi(caller, getKeywords, { query: { keyword, limit }, timeoutMs: SUGGEST_TIMEOUT_MS });
}

export function listFriendLinks(caller: ApiCaller) {
  return callApi(caller, getFriendshipLinks, { timeoutMs: CHROME_TIMEOUT_MS });
}

export function listFooterColumns(caller: ApiCaller) {
  return callApi(caller, getColumnsByType, { query: { type: "footer" }, timeoutMs: CHROME_TIMEOUT_MS });
}
