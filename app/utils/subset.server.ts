import { getEnv } from "./env.server";
import { joinBase, uniqueChars, type PreviewFace, type SubsetRequestItem } from "~/utils/catalogue/fonts";

export type { PreviewFace } from "~/utils/catalogue/fonts";

/** Per-item limit for list previews (unique characters). */
export const LIST_SUBSET_CHARS = 200;
/** The subset service accepts at most 50 items, 2000 characters each (docs/api.md). */
const MAX_ITEMS = 50;
const MAX_CHARS_PER_ITEM = 2000;
const DEFAULT_TIMEOUT_MS = 15_000;

const SAFE_FAMILY = /^[A-Za-z_][A-Za-z0-9_-]{0,127}$/;
const SAFE_GNO = /^[0-9A-Za-z_-]{1,40}$/;

export type LoadPreviewFacesOptions = {
  /** Server-side base of the subset service; default from env (SUBSET_BASE or this server). */
  subsetBase?: string;
  /** Base the browser uses for subset files; "" = same origin; default from env. */
  browserSubsetBase?: string;
  /** Unique characters kept per item (default 200). */
  maxChars?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * One batch call to the subset service (SPEC 7: POST {subset}/webfont/http, success only on code "200").
 * Returns faces keyed by gno. Any failure (non-200 code, HTTP error, timeout, malformed data) gives {}
 * so pages still render with the fallback font. Empty batch or empty texts → {} without a request.
 */
export async function loadPreviewFaces(
  items: SubsetRequestItem[],
  options: LoadPreviewFacesOptions = {},
): Promise<Record<string, PreviewFace>> {
  const maxChars = Math.min(options.maxChars ?? LIST_SUBSET_CHARS, MAX_CHARS_PER_ITEM);
  const batch: SubsetRequestItem[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (!item || typeof item.gno !== "string" || !SAFE_GNO.test(item.gno) || seen.has(item.gno)) continue;
    const text = uniqueChars(typeof item.text === "string" ? item.text : "", maxChars);
    if (!text) continue;
    seen.add(item.gno);
    batch.push({ gno: item.gno, text });
    if (batch.length >= MAX_ITEMS) break;
  }
  if (batch.length === 0) return {};

  let subsetBase = options.subsetBase;
  let browserSubsetBase = options.browserSubsetBase;
  if (subsetBase === undefined || browserSubsetBase === undefined) {
    try {
      const env = getEnv();
      subsetBase ??= env.subsetBase;
      browserSubsetBase ??= env.browserSubsetBase;
    } catch (error) {
      console.error("[subset] 读取环境变量失败", error);
      return {};
    }
  }

  const context: CallContext = {
    url: `${subsetBase.replace(/\/+$/, "")}/webfont/http`,
    browserBase: browserSubsetBase ?? "",
    fetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  const result = await callSubset(batch, context);
  if (result.ok) return result.faces;
  // One broken font must not strip every preview of the page: when the service rejected a
  // multi-item batch (an answer, not a timeout), ask for each item on its own, once, in parallel.
  if (result.answered && batch.length > 1) {
    const singles = await Promise.all(batch.map((item) => callSubset([item], context)));
    const faces: Record<string, PreviewFace> = {};
    for (const single of singles) if (single.ok) Object.assign(faces, single.faces);
    return faces;
  }
  return {};
}

type CallContext = { url: string; browserBase: string; fetch: typeof fetch; timeoutMs: number };
type CallResult = { ok: true; faces: Record<string, PreviewFace> } | { ok: false; answered: boolean };

async function callSubset(batch: SubsetRequestItem[], context: CallContext): Promise<CallResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), context.timeoutMs);
  try {
    const response = await context.fetch(context.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json;charset=UTF-8",
        Accept: "application/json",
        "X-Requested-With": "XMLHttpRequest",
      },
      body: JSON.stringify(batch),
      signal: controller.signal,
    });
    const body = (await response.json().catch(() => null)) as { code?: unknown; data?: unknown } | null;
    // SPEC 4/7: only the string "200" is success.
    if (!body || body.code !== "200" || !Array.isArray(body.data)) {
      console.warn(
        `[subset] 子集化失败 (${batch.map((item) => item.gno).join(",")}): HTTP ${response.status} ${JSON.stringify(body)?.slice(0, 200)}`,
      );
      return { ok: false, answered: true };
    }
    const wanted = new Set(batch.map((item) => item.gno));
    const faces: Record<string, PreviewFace> = {};
    for (const entry of body.data as unknown[]) {
      const face = toFace(entry, context.browserBase);
      if (face && wanted.has(face.gno)) faces[face.gno] = face;
    }
    return { ok: true, faces };
  } catch (error) {
    console.warn(`[subset] 子集化请求出错: ${(error as Error)?.message ?? error}`);
    return { ok: false, answered: false };
  } finally {
    clearTimeout(timer);
  }
}

function toFace(entry: unknown, browserBase: string): PreviewFace | null {
  if (!entry || typeof entry !== "object") return null;
  const record = entry as Record<string, unknown>;
  const gno = record.gno == null ? "" : String(record.gno);
  let familyName = typeof record.familyName === "string" ? record.familyName : "";
  const woff = typeof record.woffPath === "string" ? record.woffPath : "";
  const ttf = typeof record.ttfPath === "string" ? record.ttfPath : "";
  if (!gno || !familyName || (!woff && !ttf)) return null;
  // SPEC 5: family names starting with a digit get a leading letter A.
  if (/^[0-9]/.test(familyName)) familyName = `A${familyName}`;
  if (!SAFE_FAMILY.test(familyName)) return null;
  return {
    gno,
    familyName,
    woffPath: woff ? browserUrl(browserBase, woff) : "",
    ttfPath: ttf ? browserUrl(browserBase, ttf) : "",
  };
}

function browserUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path) || path.startsWith("//")) return path;
  return joinBase(base, path.startsWith("/") ? path : `/${path}`);
}
