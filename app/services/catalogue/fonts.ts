/**
 * Pure helpers about fonts, shared by server and browser. The catalogue's types are the contract's.
 */

import type { Charset, ChildFont, CommercialLabel, Dict, Font, License } from "@contract/catalogue";
import { FONT_DOWNLOAD_PATH, WEIGHT_NAMES } from "@contract/catalogue-values";
import { endpointPath } from "@contract/endpoint";

export type {
  Charset,
  ChildFont,
  CommercialLabel,
  Dict,
  DownloadFile,
  DownloadFiles,
  Font,
  License,
  StyleCategory,
  Tag,
} from "@contract/catalogue";
export type { Page } from "@contract/envelope";
export type { SubsetRequestItem, SubsetResponseItem } from "@contract/subset";

/**
 * A subset face ready to be declared in the page (paths usable by the browser). `missing`: the
 * characters of the subset text the font has no glyph for, read from the subset's character map;
 * absent when not checked.
 */
export type PreviewFace = { gno: string; familyName: string; woffPath: string; ttfPath: string; missing?: string[] };

export type ListLayout = "card" | "stick" | "table";
export type PreviewTheme = "light" | "dark";

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** Chinese name of a CSS weight (100–900); odd values round to the nearest hundred. */
export function weightName(weight: number): string {
  if (!Number.isFinite(weight)) return "常规";
  const rounded = Math.min(900, Math.max(100, Math.round(weight / 100) * 100));
  return WEIGHT_NAMES[rounded] ?? "常规";
}

/** Human file size: 512 B, 12.3 KB, 1.2 MB, 1.05 GB. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "—";
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, "")} ${units[unit]}`;
}

/** 12345 → "1.2万", 999 → "999". */
export function formatCount(count: number): string {
  if (!Number.isFinite(count) || count < 0) return "0";
  if (count >= 100_000_000) return `${trimZero((count / 100_000_000).toFixed(1))}亿`;
  if (count >= 10_000) return `${trimZero((count / 10_000).toFixed(1))}万`;
  return String(Math.round(count));
}

function trimZero(value: string): string {
  return value.replace(/\.0$/, "");
}

export type LicenseKind = "free" | "personal" | "paid";

const LICENSE_KINDS: Readonly<Record<CommercialLabel, LicenseKind>> = {
  免费商用: "free",
  个人免费: "personal",
  需授权: "paid",
};

/** Badge kind of a license: 免费商用 → free, 个人免费 → personal, 需授权 (or no license) → paid. */
export function licenseKind(license: Pick<License, "commercialLabel"> | null | undefined): LicenseKind {
  return license ? LICENSE_KINDS[license.commercialLabel] : "paid";
}

export function licenseLabel(license: Pick<License, "commercialLabel"> | null | undefined): CommercialLabel {
  const kind = licenseKind(license);
  return kind === "free" ? "免费商用" : kind === "personal" ? "个人免费" : "需授权";
}

/** Percentage 0–100 (one decimal) of a charset's coverage. */
export function coveragePercent(charset: Pick<Charset, "covered" | "total">): number {
  if (!charset.total || charset.total <= 0) return 0;
  const percent = (Math.min(charset.covered, charset.total) / charset.total) * 100;
  return Math.round(percent * 10) / 10;
}

/**
 * Unique characters of `text` in first-seen order, whitespace and control characters dropped,
 * at most `max` characters (code points). Used for subset requests.
 */
export function uniqueChars(text: string, max = Infinity): string {
  const seen = new Set<string>();
  let out = "";
  for (const ch of text) {
    if (seen.size >= max) break;
    if (/[\s\p{Cc}]/u.test(ch)) continue;
    if (seen.has(ch)) continue;
    seen.add(ch);
    out += ch;
  }
  return out;
}

/** First `max` code points of `text` (never splits a surrogate pair). */
export function truncateChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("");
}

/** Number of code points. */
export function charLength(text: string): number {
  return Array.from(text).length;
}

/** The detail page URL of a font. */
export function fontHref(fontGNo: string): string {
  return `/font/${encodeURIComponent(fontGNo)}`;
}

/** Joins a base ("" for same origin) and a path that starts with "/"; absolute URLs are kept. */
export function joinBase(base: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path) || path.startsWith("//")) return path;
  if (!base) return path;
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** Browser URL of the file download of a font weight. */
export function downloadHref(browserApiBase: string, fontGNo: string): string {
  return joinBase(browserApiBase, endpointPath({ path: FONT_DOWNLOAD_PATH }, { id: fontGNo }));
}

/** A font's CSS font-family value for a preview: only the subset face, then a generic fallback. */
export function previewFontFamily(face: Pick<PreviewFace, "familyName"> | undefined | null): string {
  return face ? `"${face.familyName}", sans-serif` : "sans-serif";
}

/**
 * What a list of fonts renders for each family (card, row or table line): the default weight's
 * name, license badge, designer and tags, with the family's weight count and total size. Lists
 * embed it for hydration, so it carries nothing else (the API answers whole records: descriptions,
 * charsets, file paths and every weight's details).
 */
export type FontSummary = Pick<Font, "fontGNo" | "familyName" | "glyphCount" | "designer"> & {
  license: Pick<License, "commercialLabel" | "commercialUse" | "name">;
  tags: Array<Pick<Font["tags"][number], "id" | "name">>;
  weightCount: number;
  familyFileSize: number;
};

export function toFontSummary(font: Font): FontSummary {
  return {
    fontGNo: font.fontGNo,
    familyName: font.familyName,
    glyphCount: font.glyphCount,
    designer: font.designer,
    license: {
      commercialLabel: font.license.commercialLabel,
      commercialUse: font.license.commercialUse,
      name: font.license.name,
    },
    tags: font.tags.map(({ id, name }) => ({ id, name })),
    weightCount: weightCount(font),
    familyFileSize: familyFileSize(font),
  };
}

/** A font in a showcase (the home page's): what its card shows, without the designer and tags. */
export type ShowcaseFont = Omit<FontSummary, "designer" | "tags">;

export function toShowcaseFont(font: Font): ShowcaseFont {
  const { fontGNo, familyName, glyphCount, license, weightCount, familyFileSize } = toFontSummary(font);
  return { fontGNo, familyName, glyphCount, license, weightCount, familyFileSize };
}

/** Number of weights of a family (at least 1). */
function weightCount(font: { childFontResource?: unknown[] }): number {
  return Math.max(1, font.childFontResource?.length ?? 0);
}

/** Total bytes of every weight of a family (falls back to the font's own size). */
export function familyFileSize(font: { fileSize: number; childFontResource?: Array<{ fileSize: number }> }): number {
  const children = font.childFontResource ?? [];
  if (children.length === 0) return font.fileSize;
  return children.reduce((sum, child) => sum + (child.fileSize || 0), 0);
}

/**
 * A weight of a family as the detail page lists it: what its row and the download dialog name (the
 * page's data travels again in its HTML for hydration, so it carries nothing else).
 */
export type FontWeight = Pick<ChildFont, "fontGNo" | "fontName" | "styleName" | "weight">;

/** Every weight of the font's family, the font itself included, lightest first. */
export function familyWeights(font: Font): FontWeight[] {
  const children = font.childFontResource.some((child) => child.fontGNo === font.fontGNo)
    ? font.childFontResource
    : [...font.childFontResource, font];
  return sortedWeights(
    children.map(({ fontGNo, fontName, styleName, weight }) => ({ fontGNo, fontName, styleName, weight })),
  );
}

/** A font's own fields, without its family (which the detail page carries as `weights`). */
export type FontDetail = Omit<Font, "childFontResource">;

export function withoutFamily(font: Font): FontDetail {
  const { childFontResource: _children, ...own } = font;
  return own;
}

/** Children sorted by weight (lightest first). */
export function sortedWeights<T extends Pick<Font, "weight" | "fontGNo">>(children: T[]): T[] {
  return [...children].sort((a, b) => a.weight - b.weight || a.fontGNo.localeCompare(b.fontGNo));
}

/** Dictionary entries of one category, sorted, compared as strings. */
export function dictEntries(dicts: Dict[], category: string): Dict[] {
  return dicts
    .filter((dict) => String(dict.category) === String(category))
    .sort((a, b) => a.sort - b.sort || String(a.dictNumber).localeCompare(String(b.dictNumber)));
}

/** Looks a dictionary name up by category and dictNumber (compared as strings). */
export function dictName(dicts: Dict[], category: string, dictNumber: string | number): string | undefined {
  return dicts.find(
    (dict) => String(dict.category) === String(category) && String(dict.dictNumber) === String(dictNumber),
  )?.dictName;
}

/** Date (ISO) → 2026-11-21. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return date.toISOString().slice(0, 10);
}
