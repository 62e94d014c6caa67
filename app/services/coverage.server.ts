import { getFontCoverage } from "@contract/coverage";
import { callApi, type ApiCaller } from "./api-client.server";

/** The characters of `text` each family's default font lacks (POST /web/api/font/coverage), the most popular first. */
export function loadFontCoverage(caller: ApiCaller, text: string) {
  return callApi(caller, getFontCoverage, { body: { text } });
}
