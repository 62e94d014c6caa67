import { getAllCollectedFonts } from "@contract/collection";
import { callApi, type ApiCaller, type CallOptions } from "./api-client.server";

/** Every font in the user's favourite collections, each once, in collection order. */
export async function listFavoriteFontGNos(
  caller: ApiCaller,
  options: Pick<CallOptions<typeof getAllCollectedFonts>, "timeoutMs"> = {},
) {
  const collections = await callApi(caller, getAllCollectedFonts, options);
  return [...new Set(collections.flatMap((collection) => collection.fontList.map((font) => font.fontGNo)))];
}
