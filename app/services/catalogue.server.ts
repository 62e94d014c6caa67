import {
  addFontVisits as addFontVisitsEndpoint,
  getColumnsByType,
  getDownloadUrl,
  getFontDetail,
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

/** Calls that render the frame of every page must not hold it for the full API timeout. */
export const CHROME_TIMEOUT_MS = 8_000;

/** One page of the font list (each family once, every weight as children). */
export function listFonts(caller: ApiCaller, query: EndpointQuery<typeof getFontList>) {
  return callApi(caller, getFontList, { query });
}

export type { FontListQuery };

/**
 * A font with its family. `countView` is the detail page opening it; the type tester asking for
 * new previews of the same font does not count.
 */
export function getFont(caller: ApiCaller, fontGNo: string, { countView }: { countView: boolean }) {
  return countView
    ? callApi(caller, getFontDetail, { query: { fontGNo } })
    : callApi(caller, getFontInformation, { params: { id: fontGNo } });
}

/** Adds visits of the font's page answered without reading its detail (which counts one). */
/** Counts `visits` views of a font, in as many calls as the endpoint's bound per call needs. */
export async function addFontVisits(caller: ApiCaller, fontGNo: string, visits: number): Promise<void> {
  for (let left = visits; left > 0; left -= MAX_FONT_VISITS_PER_CALL) {
    await callApi(caller, addFontVisitsEndpoint, {
      body: { fontGNo, visits: Math.min(left, MAX_FONT_VISITS_PER_CALL) },
    });
  }
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
