import {
  createVariableSubsets,
  getVariableFont,
  getVariableFontList,
  type VariableFontListQuery,
  type VariableSubsetItem,
} from "@contract/variable";
import { SUBSET_LIMITS } from "@contract/subset";
import { websiteConfig } from "~/config.server";
import { joinBase, uniqueChars } from "~/services/catalogue/fonts";
import { callApi, type ApiCaller } from "./api-client.server";

/** Variable fonts: the list, one font, and subsets of them that keep their axes. */

/** A variable subset ready to declare: one family, one file per unicode-range slice. */
export type VariableFace = {
  gno: string;
  familyName: string;
  files: Array<{ woffPath: string; ttfPath: string; unicodeRange: string }>;
};

/** 15 s: previews are a nicety; a page must not wait longer for them. */
const SUBSET_TIMEOUT_MS = 15_000;
/** Unique characters a preview asks for: the visitor's text, the sample and the preset names. */
export const VARIABLE_PREVIEW_CHARS = 400;
const SAFE_FAMILY = /^[A-Za-z_][A-Za-z0-9_-]{0,127}$/;

export function listVariableFonts(caller: ApiCaller, query: Partial<VariableFontListQuery>) {
  return callApi(caller, getVariableFontList, { query });
}

export function findVariableFont(caller: ApiCaller, gno: string) {
  return callApi(caller, getVariableFont, { params: { gno } });
}

/**
 * Subsets for each `{gno, text}`, keyed by gno. Any failure gives {} so the page still renders
 * with the fallback font; an empty batch gives {} without a call.
 */
export async function loadVariableFaces(
  caller: ApiCaller,
  items: Array<{ gno: string; text: string }>,
): Promise<Record<string, VariableFace>> {
  const batch = items
    .map((item) => ({ gno: item.gno, text: uniqueChars(item.text, VARIABLE_PREVIEW_CHARS) }))
    .filter((item) => item.text)
    .slice(0, SUBSET_LIMITS.maxItems);
  if (batch.length === 0) return {};
  try {
    const subsets = await callApi(caller, createVariableSubsets, { body: batch, timeoutMs: SUBSET_TIMEOUT_MS });
    const faces: Record<string, VariableFace> = {};
    for (const subset of subsets) {
      const face = toFace(subset, websiteConfig.subsetBase);
      if (face) faces[face.gno] = face;
    }
    return faces;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[variable] 可变字体子集化失败 (${batch.map((item) => item.gno).join(",")}): ${reason}`);
    return {};
  }
}

function toFace(subset: VariableSubsetItem, browserBase: string): VariableFace | null {
  if (!SAFE_FAMILY.test(subset.familyName)) return null;
  const url = (path: string) =>
    /^https?:\/\//i.test(path) ? path : joinBase(browserBase, path.startsWith("/") ? path : `/${path}`);
  return {
    gno: subset.gno,
    familyName: subset.familyName,
    files: subset.files.map((file) => ({
      woffPath: url(file.woffPath),
      ttfPath: url(file.ttfPath),
      unicodeRange: file.unicodeRange,
    })),
  };
}
