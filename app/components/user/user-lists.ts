/** China has one time zone and no daylight saving: UTC+8 all year. */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** An ISO instant as China's date and time (`2026-11-23 15:04`), the same on the server and in any browser. */
export function formatChinaDateTime(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const text = new Date(time + CHINA_OFFSET_MS).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}

/** The page number of a list's `?page=`: a positive integer, 1 for anything else. */
export function pageParam(searchParams: URLSearchParams): number {
  const value = searchParams.get("page") ?? "";
  const page = /^\d{1,9}$/.test(value) ? Number(value) : 1;
  return page >= 1 ? page : 1;
}

/** `path?query` with empty values and page 1 left out. */
export function listHref(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === "" || (key === "page" && value === 1)) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
