/** What a content list's address holds: `?page=` and `?tag=` (and the album and search pages' own). */
export type ListQuery = { page: number; tagId: number | undefined };

/** Past this a page number is surely a mistake; the list answers its last page's worth of nothing. */
const PAGE_MAX = 100_000;
/** The largest id the database hands out. */
export const ID_MAX = 2_147_483_647;

/** A positive whole number written in digits, at most `max`; anything else is `undefined`. */
export function positiveInt(value: string | null | undefined, max = ID_MAX): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}

/** `?page=2&tag=5`; a value that is not a positive number is left out rather than refused. */
export function parseListQuery(searchParams: URLSearchParams): ListQuery {
  return {
    page: positiveInt(searchParams.get("page"), PAGE_MAX) ?? 1,
    tagId: positiveInt(searchParams.get("tag")),
  };
}

/** `path?tag=…&page=…`, leaving out page 1 and no tag. */
export function listHref(path: string, query: { page?: number; tagId?: number }, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  if (query.tagId) params.set("tag", String(query.tagId));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The id in a detail page's path (`/album/3`), or `undefined` for anything else, which is a 404. */
export function parseContentId(param: string | undefined): number | undefined {
  return positiveInt(param);
}
