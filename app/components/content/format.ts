import type { SearchKind } from "@contract/content";

/** China has one time zone and no daylight saving: UTC+8 all year. */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * An ISO instant as the date in China (`2025-03-03`), the same on the server and in any browser,
 * so a page hydrates without a mismatch.
 */
export function formatChinaDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Date(time + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Seconds as `m:ss` (or `h:mm:ss` from an hour on). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Spoken length of a duration for screen readers: 1 分 05 秒. */
export function describeDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} 分 ${s} 秒` : `${s} 秒`;
}

export const SEARCH_KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  fonts: "字体",
  albums: "专辑",
  baike: "书法百科",
  cases: "案例",
  news: "资讯",
  videos: "视频",
};
