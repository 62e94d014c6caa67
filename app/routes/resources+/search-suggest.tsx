import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiGet } from "~/utils/api.server";
import { KEYWORD_MAX } from "~/utils/catalogue/font-query";
import type { Suggestion, SuggestPayload } from "~/components/layout/search-box";

const SUGGEST_LIMIT = 10;

function normalise(value: unknown): Suggestion[] {
  if (!Array.isArray(value)) return [];
  const out: Suggestion[] = [];
  for (const item of value) {
    if (!item || typeof item !== "object") continue;
    const { keyword, type, fontGNo } = item as Record<string, unknown>;
    if (typeof keyword !== "string" || !keyword) continue;
    out.push(
      type === "font" && typeof fontGNo === "string" && fontGNo
        ? { keyword, type: "font", fontGNo }
        : { keyword, type: "keyword" },
    );
  }
  return out.slice(0, SUGGEST_LIMIT);
}

/** Autocomplete for the header search (backend getKeyword). Never fails: errors give an empty list. */
export async function loader({ request }: LoaderFunctionArgs) {
  const keyword = (new URL(request.url).searchParams.get("keyword") ?? "").trim().slice(0, KEYWORD_MAX);
  const suggestions = await apiGet<unknown>(request, "/web/api/keyword/getKeyword", { keyword, limit: SUGGEST_LIMIT }, { timeoutMs: 10_000 })
    .then(normalise)
    .catch(() => [] as Suggestion[]);
  const payload: SuggestPayload = { keyword, suggestions };
  return Response.json(payload, {
    headers: { "Cache-Control": "private, max-age=60" },
  });
}
