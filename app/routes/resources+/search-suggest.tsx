import type { LoaderFunctionArgs } from "@remix-run/node";
import type { SuggestPayload } from "~/components/layout/search-box";
import { suggestKeywords } from "~/services/catalogue.server";
import { KEYWORD_MAX } from "~/services/catalogue/font-query";
import { FETCHER_ROUTE_HANDLE } from "~/utils/fetcher-route";

const SUGGEST_LIMIT = 10;

export const handle = FETCHER_ROUTE_HANDLE;

/** Autocomplete for the header search. Never fails: any error gives an empty list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const keyword = (new URL(request.url).searchParams.get("keyword") ?? "").trim().slice(0, KEYWORD_MAX);
  const suggestions = await suggestKeywords({ request, context }, keyword, SUGGEST_LIMIT).catch(() => []);
  const payload: SuggestPayload = { keyword, suggestions: suggestions.slice(0, SUGGEST_LIMIT) };
  return Response.json(payload, {
    headers: { "Cache-Control": "private, max-age=60" },
  });
}
