import fontkit from "@pdf-lib/fontkit";
import { createSubsets, getSubsetFile, SUBSET_LIMITS } from "@contract/subset";
import { websiteConfig } from "~/config.server";
import { isApiError } from "~/utils/api-errors";
import {
  joinBase,
  uniqueChars,
  type PreviewFace,
  type SubsetRequestItem,
  type SubsetResponseItem,
} from "~/services/catalogue/fonts";
import { BoundedCache } from "~/utils/bounded-cache.server";
import { apiHeaders, buildApiUrl, callApi, serviceBase, type ApiCaller } from "./api-client.server";

export type { PreviewFace } from "~/services/catalogue/fonts";

/** Per-item limit for list previews (unique characters). */
export const LIST_SUBSET_CHARS = 200;
/** 15 s: previews are a nicety; a page must not wait longer for them. */
const SUBSET_TIMEOUT_MS = 15_000;

/** What goes into a CSS family name unquoted and into a <style> block without escaping. */
const SAFE_FAMILY = /^[A-Za-z_][A-Za-z0-9_-]{0,127}$/;
const SAFE_GNO = /^[0-9A-Za-z_-]{1,40}$/;

export type LoadPreviewFacesOptions = {
  /** Unique characters kept per item (default 200). */
  maxChars?: number;
  timeoutMs?: number;
  /** Base the browser loads subset files from; default SUBSET_BASE ("" = this server). */
  browserSubsetBase?: string;
  /** Read each subset's character map so previews can mark the characters the font lacks (`face.missing`). */
  checkCoverage?: boolean;
};

/**
 * One batch call to the subset service: faces keyed by gno. Any failure (a refusal, an HTTP error,
 * a timeout, an answer that breaks the contract) gives {} so pages still render with the fallback
 * font. An empty batch or empty texts give {} without a call.
 */
export async function loadPreviewFaces(
  caller: ApiCaller,
  items: SubsetRequestItem[],
  options: LoadPreviewFacesOptions = {},
): Promise<Record<string, PreviewFace>> {
  const maxChars = Math.min(options.maxChars ?? LIST_SUBSET_CHARS, SUBSET_LIMITS.maxCharactersPerItem);
  const batch: Array<{ gno: string; text: string }> = [];
  const seen = new Set<string>();
  for (const item of items) {
    const gno = String(item.gno);
    if (!SAFE_GNO.test(gno) || seen.has(gno)) continue;
    const text = uniqueChars(item.text, maxChars);
    if (!text) continue;
    seen.add(gno);
    batch.push({ gno, text });
    if (batch.length >= SUBSET_LIMITS.maxItems) break;
  }
  if (batch.length === 0) return {};

  const settings: CallSettings = {
    browserBase: options.browserSubsetBase ?? websiteConfig.subsetBase,
    timeoutMs: options.timeoutMs ?? SUBSET_TIMEOUT_MS,
  };
  const result = await callSubset(caller, batch, settings);
  const coverage = (
    faces: Record<string, AnsweredFace>,
  ): Promise<Record<string, PreviewFace>> | Record<string, PreviewFace> =>
    options.checkCoverage
      ? withCoverage(caller, batch, faces)
      : Object.fromEntries(Object.entries(faces).map(([gno, face]) => [gno, withoutLacking(face)]));
  if (result.ok) return coverage(result.faces);
  // One broken font must not strip every preview of the page: when the service answered a
  // multi-item batch with a refusal (not a timeout), ask for each item on its own, once, in parallel.
  if (result.answered && batch.length > 1) {
    const singles = await Promise.all(batch.map((item) => callSubset(caller, [item], settings)));
    const faces: Record<string, AnsweredFace> = {};
    for (const single of singles) if (single.ok) Object.assign(faces, single.faces);
    return coverage(faces);
  }
  return {};
}

/**
 * The characters each subset file covers, by its path: the service names a file after its content
 * (a hash and the time it was made), so a path always denotes the same bytes and needs no expiry.
 */
const subsetCoverage = new BoundedCache<Set<number>>({ maxEntries: 4_000 });

/**
 * Each face with the characters of its text the font lacks, read from the subset's own character
 * map, so a preview marks them instead of letting the browser draw them in another font. A subset
 * that cannot be read leaves its face unchecked.
 */
async function withCoverage(
  caller: ApiCaller,
  batch: Array<{ gno: string; text: string }>,
  faces: Record<string, AnsweredFace>,
): Promise<Record<string, PreviewFace>> {
  const texts = new Map(batch.map((item) => [item.gno, item.text]));
  const checked = await Promise.all(
    Object.values(faces).map(async (face) => {
      const text = texts.get(face.gno) ?? "";
      if (face.lacking !== undefined)
        return { ...withoutLacking(face), missing: missingCharacters(text, coveredOf(text, face.lacking)) };
      try {
        const covered = await subsetCoverage.get(face.ttfPath, async () =>
          coveredCodepoints(await fetchSubsetFile(caller, subsetFilePath(face.ttfPath))),
        );
        return { ...withoutLacking(face), missing: missingCharacters(text, covered) };
      } catch {
        return withoutLacking(face);
      }
    }),
  );
  return Object.fromEntries(checked.map((face) => [face.gno, face]));
}

/** The path of a subset file the browser loads from SUBSET_BASE, as the subset service names it. */
function subsetFilePath(browserPath: string): string {
  if (!/^https?:\/\//i.test(browserPath) && !browserPath.startsWith("//")) return browserPath;
  const url = new URL(browserPath, "http://subset.invalid");
  return `${url.pathname}${url.search}`;
}

type CallSettings = { browserBase: string; timeoutMs: number };
/** A face as the service answered it: with the characters its font lacks when the service says. */
type AnsweredFace = PreviewFace & { lacking?: string };
type CallResult = { ok: true; faces: Record<string, AnsweredFace> } | { ok: false; answered: boolean };

async function callSubset(
  caller: ApiCaller,
  batch: Array<{ gno: string; text: string }>,
  settings: CallSettings,
): Promise<CallResult> {
  try {
    const subsets = await callApi(caller, createSubsets, { body: batch, timeoutMs: settings.timeoutMs });
    const wanted = new Set(batch.map((item) => item.gno));
    const faces: Record<string, AnsweredFace> = {};
    for (const subset of subsets) {
      const face = toFace(subset, settings.browserBase);
      if (face && wanted.has(face.gno)) faces[face.gno] = face;
    }
    return { ok: true, faces };
  } catch (error) {
    const gnos = batch.map((item) => item.gno).join(",");
    const reason =
      error instanceof Error ? error.message : error instanceof Response ? `HTTP ${error.status}` : String(error);
    console.warn(`[subset] 子集化失败 (${gnos}): ${reason}`);
    return { ok: false, answered: !(isApiError(error) && error.unreachable) };
  }
}

/** The code points of `text` the font covers, given the characters it lacks. */
function coveredOf(text: string, lacking: string): Set<number> {
  const lacks = new Set([...lacking].map((character) => character.codePointAt(0)!));
  return new Set([...text].map((character) => character.codePointAt(0)!).filter((codepoint) => !lacks.has(codepoint)));
}

function toFace(subset: SubsetResponseItem, browserBase: string): AnsweredFace | null {
  if (!SAFE_FAMILY.test(subset.familyName)) return null;
  return {
    gno: subset.gno,
    familyName: subset.familyName,
    woffPath: browserUrl(browserBase, subset.woffPath),
    ttfPath: browserUrl(browserBase, subset.ttfPath),
    ...(subset.lacking !== undefined && { lacking: subset.lacking }),
  };
}

/** The face as the page gets it, without what only the coverage check reads. */
function withoutLacking({ lacking: _lacking, ...face }: AnsweredFace): PreviewFace {
  return face;
}

function browserUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path) || path.startsWith("//")) return path;
  return joinBase(base, path.startsWith("/") ? path : `/${path}`);
}

/** A subset file the subset service named could not be had. */
export class SubsetUnavailableError extends Error {}

/** 20 s: a comparison of ten fonts makes ten subsets at once. */
const SUBSET_FILE_TIMEOUT_MS = 20_000;
/** Far above a subset of the longest compared text; keeps a broken answer from filling memory. */
const MAX_SUBSET_FILE_BYTES = 8 * 1024 * 1024;
const SUBSET_FILES_PREFIX = `${getSubsetFile.path.split("/:")[0]}/`;

/** The characters of `text` a font must have a glyph for: distinct, whitespace left out, in text order. */
export function requiredCharacters(text: string): string[] {
  return [...new Set(Array.from(text).filter((character) => !/[\s\p{Cc}]/u.test(character)))];
}

/** The code points an sfnt's cmap maps to a glyph. */
export function coveredCodepoints(sfnt: Uint8Array): Set<number> {
  return new Set(fontkit.create(sfnt).characterSet);
}

export function missingCharacters(text: string, covered: ReadonlySet<number>): string[] {
  return requiredCharacters(text).filter((character) => !covered.has(character.codePointAt(0)!));
}

/**
 * The bytes of a subset file the subset service named (its `ttfPath`): only paths of its file
 * endpoint are fetched, from the service's configured address.
 */
export async function fetchSubsetFile(caller: ApiCaller, filePath: string): Promise<Uint8Array> {
  const url = new URL(filePath, "http://subset.invalid");
  if (
    !url.pathname.startsWith(SUBSET_FILES_PREFIX) ||
    url.pathname.includes("..") ||
    url.origin !== "http://subset.invalid"
  ) {
    throw new SubsetUnavailableError("字体子集地址不正确");
  }
  const response = await fetch(
    buildApiUrl(serviceBase(getSubsetFile, caller.context), `${url.pathname}${url.search}`),
    {
      headers: apiHeaders(caller.request, { withToken: false }),
      redirect: "manual",
      signal: AbortSignal.timeout(SUBSET_FILE_TIMEOUT_MS),
    },
  ).catch(() => null);
  if (!response?.ok) throw new SubsetUnavailableError("字体子集暂时无法获取");
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_SUBSET_FILE_BYTES) {
    throw new SubsetUnavailableError("字体子集暂时无法获取");
  }
  return bytes;
}
