/** Real fonts from node_modules and helpers to inspect subsets, for the subset service's tests. */
import { copyFileSync, existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as hb from "harfbuzzjs";
import type { FontSource, FontSourceFile } from "../font-source.js";
import { writeSfnt, viewOf } from "../sfnt.js";
import { decodeWoff } from "../woff.js";

const requireFromHere = createRequire(import.meta.url);

export const ZCOOL_KUAILE = requireFromHere.resolve(
  "@expo-google-fonts/zcool-kuaile/400Regular/ZCOOLKuaiLe_400Regular.ttf",
);
export const NOTO_SANS_SC = requireFromHere.resolve(
  "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
);
/** Gets the same size of wasm memory as Noto Sans SC. */
export const NOTO_SERIF_SC = requireFromHere.resolve(
  "@expo-google-fonts/noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf",
);
/** CFF CJK collection from Debian's fonts-noto-cjk, when installed; face 2 is Simplified Chinese. */
export const NOTO_SANS_CJK_CFF = { filePath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 2 };
export const hasCffFont = existsSync(NOTO_SANS_CJK_CFF.filePath);

let copies = 0;

/** A new copy of the font file at `filePath` in `dir`: a file this process never loaded a face from. */
export function copyOfFontIn(dir: string, filePath: string): string {
  const copy = path.join(dir, `${++copies}-${path.basename(filePath)}`);
  copyFileSync(filePath, copy);
  return copy;
}

export function fontFile(gno: string, filePath: string, version = "1"): FontSourceFile {
  return { gno, filePath, size: statSync(filePath).size, version };
}

/** gno 10001 → ZCOOL KuaiLe, 10002 → Noto Sans SC, plus `more` (gno → file path); anything else is unknown. */
export function testFontSource(more: Record<string, string> = {}): FontSource {
  const files = new Map([
    ["10001", fontFile("10001", ZCOOL_KUAILE)],
    ["10002", fontFile("10002", NOTO_SANS_SC)],
    ...Object.entries(more).map(([gno, filePath]) => [gno, fontFile(gno, filePath)] as const),
  ]);
  return async (gno) => files.get(gno) ?? null;
}

export function openFace(sfnt: Uint8Array, faceIndex = 0): hb.Face {
  return new hb.Face(new hb.Blob(sfnt), faceIndex);
}

export function unicodesOf(sfnt: Uint8Array, faceIndex = 0): Set<number> {
  return new Set(openFace(sfnt, faceIndex).collectUnicodes());
}

export function glyphCountOf(sfnt: Uint8Array): number {
  const maxp = openFace(sfnt).referenceTable("maxp");
  if (!maxp) throw new Error("no maxp table");
  return viewOf(maxp).getUint16(4);
}

/** Glyph ids HarfBuzz shapes `text` to with the font; 0 is .notdef. */
export function shapedGlyphs(sfnt: Uint8Array, text: string): number[] {
  const font = new hb.Font(openFace(sfnt));
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  return buffer.getGlyphInfos().map((info) => info.codepoint);
}

/** The sfnt rebuilt from a WOFF file's tables. */
export function sfntFromWoff(woff: Uint8Array): Uint8Array {
  const decoded = decodeWoff(woff);
  return writeSfnt({
    flavor: decoded.flavor,
    tables: decoded.tables.map((table) => ({ tag: table.tag, checksum: table.origChecksum, data: table.data })),
  });
}

/** `count` distinct CJK ideographs starting at U+4E00. */
export function distinctIdeographs(count: number, from = 0x4e00): string {
  return String.fromCodePoint(...Array.from({ length: count }, (_, index) => from + index));
}
