import { FONT_LIST_TEXT_MAX, type Font } from "@contract/catalogue";
import { createSubsets, type SubsetResponseItem } from "@contract/subset";
import { websiteConfig } from "~/config.server";
import { callApi, isApiError, type ApiCaller } from "~/services/api-client.server";
import { getFont, listFonts } from "~/services/catalogue.server";
import {
  coveredCodepoints,
  fetchSubsetFile,
  missingCharacters,
  requiredCharacters,
  SubsetUnavailableError,
} from "~/services/subset.server";
import { joinBase, type PreviewFace } from "~/services/catalogue/fonts";

/** 20 s: a comparison of ten fonts makes ten subsets at once. */
const SUBSET_TIMEOUT_MS = 20_000;
/** What goes into a CSS family name unquoted and into a <style> block without escaping. */
const SAFE_FAMILY = /^[A-Za-z_][A-Za-z0-9_-]{0,127}$/;

/** A font of the comparison, as the page and the PDF show it. */
export type ComparedFont = {
  gno: string;
  familyName: string;
  fontName: string;
  license: Font["license"];
  /** The subset the browser loads to draw the text; null when it could not be made. */
  face: PreviewFace | null;
  /**
   * The characters of the text the font has no glyph for, in the order of the text; null when the
   * subset could not be made, so coverage is unknown.
   */
  missing: string[] | null;
};

/** A compared font with its subset as a plain sfnt (TrueType or CFF), for embedding in a PDF. */
export type ComparedFontWithSfnt = ComparedFont & { sfnt: Uint8Array; covered: ReadonlySet<number> };

/** The subset text: every distinct character once, spaces included (a line of text has them), controls left out. */
export function subsetText(text: string): string {
  const seen = new Set<string>();
  let out = "";
  for (const character of text) {
    if (/\p{Cc}/u.test(character) || seen.has(character)) continue;
    seen.add(character);
    out += character;
  }
  return out;
}

/** The comparison cannot be made now (the subset service failed, or gave an incomplete answer). */
export class CompareUnavailableError extends SubsetUnavailableError {}

/**
 * The catalogue's fonts for `gnos`, in that order; numbers the catalogue does not know are answered
 * in `unknown`. Any other failure of the catalogue is thrown.
 */
export async function loadCatalogueFonts(
  caller: ApiCaller,
  gnos: readonly string[],
): Promise<{ fonts: Font[]; unknown: string[] }> {
  const answers = await Promise.all(
    gnos.map((gno) =>
      getFont(caller, gno).catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  const fonts: Font[] = [];
  const unknown: string[] = [];
  answers.forEach((font, index) => (font ? fonts.push(font) : unknown.push(gnos[index]!)));
  return { fonts, unknown };
}

/** One batch of subsets from the subset service, in the order asked. */
export function requestSubsets(caller: ApiCaller, items: Array<{ gno: string; text: string }>) {
  return callApi(caller, createSubsets, { body: items, timeoutMs: SUBSET_TIMEOUT_MS });
}

function previewFace(subset: SubsetResponseItem): PreviewFace | null {
  if (!SAFE_FAMILY.test(subset.familyName)) return null;
  const browserUrl = (path: string) => joinBase(websiteConfig.subsetBase, path);
  return {
    gno: subset.gno,
    familyName: subset.familyName,
    woffPath: browserUrl(subset.woffPath),
    ttfPath: browserUrl(subset.ttfPath),
  };
}

function describe(font: Font): Omit<ComparedFont, "face" | "missing"> {
  return { gno: font.fontGNo, familyName: font.familyName, fontName: font.fontName, license: font.license };
}

/**
 * The compare page's fonts: each with its subset face for `text` and the characters it lacks, read
 * from the subset's own character map. When the subset service fails the fonts are still listed,
 * without faces and with coverage unknown.
 */
export async function loadComparedFonts(
  caller: ApiCaller,
  gnos: readonly string[],
  text: string,
): Promise<{ fonts: ComparedFont[]; unknown: string[]; subsetsFailed: boolean }> {
  const { fonts, unknown } = await loadCatalogueFonts(caller, gnos);
  if (fonts.length === 0) return { fonts: [], unknown, subsetsFailed: false };
  try {
    const withSfnt = await subsetFonts(caller, fonts, text);
    return {
      fonts: withSfnt.map(({ sfnt: _sfnt, covered: _covered, ...font }) => font),
      unknown,
      subsetsFailed: false,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn(`[compare] 子集化失败：${error instanceof Error ? error.message : String(error)}`);
    return {
      fonts: fonts.map((font) => ({ ...describe(font), face: null, missing: null })),
      unknown,
      subsetsFailed: true,
    };
  }
}

/** Every font's subset for `text`, as a face for the browser and as sfnt bytes with its coverage. */
export async function subsetFonts(
  caller: ApiCaller,
  fonts: readonly Font[],
  text: string,
): Promise<ComparedFontWithSfnt[]> {
  const chars = subsetText(text);
  if (!chars) throw new CompareUnavailableError("对比文字不能为空");
  const subsets = await requestSubsets(
    caller,
    fonts.map((font) => ({ gno: font.fontGNo, text: chars })),
  );
  if (subsets.length !== fonts.length) throw new CompareUnavailableError("字体子集服务的应答不完整");
  return Promise.all(
    fonts.map(async (font, index) => {
      const subset = subsets[index]!;
      const sfnt = await fetchSubsetFile(caller, subset.ttfPath);
      const covered = coveredCodepoints(sfnt);
      return { ...describe(font), face: previewFace(subset), missing: missingCharacters(text, covered), sfnt, covered };
    }),
  );
}

/**
 * A catalogue font for the PDF's title and labels, subset for `labelText`: the most popular font
 * that has every one of its characters (the font list's can-render filter), or else the most popular.
 */
export async function loadLabelFont(
  caller: ApiCaller,
  labelText: string,
): Promise<{ gno: string; sfnt: Uint8Array; covered: Set<number> }> {
  const required = requiredCharacters(labelText).slice(0, FONT_LIST_TEXT_MAX).join("");
  const covering = await listFonts(caller, { current: 1, size: 1, sort: "hot", text: required });
  const font = covering.records[0] ?? (await listFonts(caller, { current: 1, size: 1, sort: "hot" })).records[0];
  if (!font) throw new CompareUnavailableError("字体库暂时没有可用于标题的字体");
  const [subset] = await requestSubsets(caller, [{ gno: font.fontGNo, text: subsetText(labelText) }]);
  if (!subset) throw new CompareUnavailableError("字体子集服务的应答不完整");
  const sfnt = await fetchSubsetFile(caller, subset.ttfPath);
  return { gno: font.fontGNo, sfnt, covered: coveredCodepoints(sfnt) };
}
