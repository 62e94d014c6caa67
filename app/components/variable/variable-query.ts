import { PREVIEW_SIZE_DEFAULT, PREVIEW_SIZE_MAX, PREVIEW_SIZE_MIN, VARIABLE_TEXT_MAX } from "./variation";

/** The visitor's text (at most VARIABLE_TEXT_MAX characters) and preview size from a query. */
export function previewQuery(params: URLSearchParams): { text: string; size: number } {
  const text = [...(params.get("text") ?? "").replace(/[\p{Cc}]/gu, " ").trim()].slice(0, VARIABLE_TEXT_MAX).join("");
  const rawSize = Number(params.get("px"));
  const size =
    Number.isInteger(rawSize) && rawSize >= PREVIEW_SIZE_MIN && rawSize <= PREVIEW_SIZE_MAX
      ? rawSize
      : PREVIEW_SIZE_DEFAULT;
  return { text, size };
}

/** `path?…` with the given parameters, empty ones left out. */
export function hrefWith(path: string, params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
