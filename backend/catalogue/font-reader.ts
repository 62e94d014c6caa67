import * as hb from "harfbuzzjs";

/** What the catalogue learns from a font file's own tables. */
export type FontFacts = {
  /** name ID 16, else 1. */
  familyName: string;
  /** name ID 17, else 2; a "Regular" that contradicts the weight is replaced by the weight's name. */
  styleName: string;
  fullName: string | null;
  version: string | null;
  copyright: string | null;
  foundry: string | null;
  designer: string | null;
  licenseDescription: string | null;
  licenseUrl: string | null;
  /** 100..900 in steps of 100. */
  weight: number;
  glyphCount: number;
  /** Sorted ascending. */
  codepoints: Uint32Array;
  outlines: "glyf" | "cff";
};

const NAME = {
  copyright: 0,
  family: 1,
  subfamily: 2,
  fullName: 4,
  version: 5,
  manufacturer: 8,
  designer: 9,
  licenseDescription: 13,
  licenseUrl: 14,
  typographicFamily: 16,
  typographicSubfamily: 17,
} as const;

/** Longest words first, so "ExtraBold" is not read as "Bold". */
const WEIGHT_WORDS: Array<[RegExp, number]> = [
  [/extra\s*light|ultra\s*light/i, 200],
  [/extra\s*bold|ultra\s*bold/i, 800],
  [/semi\s*bold|demi\s*bold/i, 600],
  [/thin|hairline/i, 100],
  [/light/i, 300],
  [/medium/i, 500],
  [/black|heavy/i, 900],
  [/bold/i, 700],
];

const WEIGHT_STYLE_NAMES: Record<number, string> = {
  100: "Thin",
  200: "ExtraLight",
  300: "Light",
  400: "Regular",
  500: "Medium",
  600: "SemiBold",
  700: "Bold",
  800: "ExtraBold",
  900: "Black",
};

/** The tables the facts come from; the outlines, often most of a CJK font's bytes, are not among them. */
const READ_TABLES = ["cmap", "head", "maxp", "name", "OS/2"];

export function readFontFacts(bytes: Uint8Array): FontFacts {
  const { tags, subset } = withTablesOnly(bytes, READ_TABLES);
  const face = new hb.Face(new hb.Blob(subset));
  const name = (id: number) => face.getName(id, "en").trim() || null;

  const typographicSubfamily = name(NAME.typographicSubfamily);
  const subfamily = name(NAME.subfamily) ?? "Regular";
  const fullName = name(NAME.fullName);
  const weight = weightFrom(`${typographicSubfamily ?? subfamily} ${fullName ?? ""}`, readWeightClass(face));
  const styleName =
    typographicSubfamily ?? (subfamily === "Regular" && weight !== 400 ? WEIGHT_STYLE_NAMES[weight]! : subfamily);

  return {
    familyName: name(NAME.typographicFamily) ?? name(NAME.family) ?? "",
    styleName,
    fullName,
    version: name(NAME.version),
    copyright: name(NAME.copyright),
    foundry: name(NAME.manufacturer),
    designer: name(NAME.designer),
    licenseDescription: name(NAME.licenseDescription),
    licenseUrl: name(NAME.licenseUrl),
    weight,
    glyphCount: readGlyphCount(face),
    codepoints: face.collectUnicodes().slice().sort(),
    outlines: tags.has("glyf") ? "glyf" : "cff",
  };
}

/**
 * A copy of an OpenType file holding only `keep` of its tables, and the tags of all its tables.
 * HarfBuzz frees a face's memory only once the garbage collector finalises it, which a loop over
 * dozens of 10 MB fonts outruns until the WebAssembly heap is exhausted; the few tables read here
 * weigh a few hundred kilobytes.
 */
function withTablesOnly(bytes: Uint8Array, keep: string[]): { tags: Set<string>; subset: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12) throw new Error("字体文件过短");
  const tableCount = view.getUint16(4);
  if (bytes.byteLength < 12 + tableCount * 16) throw new Error("字体表目录不完整");
  const tags = new Set<string>();
  const kept: Array<{ record: Uint8Array; data: Uint8Array }> = [];
  for (let index = 0; index < tableCount; index++) {
    const recordOffset = 12 + index * 16;
    const tag = String.fromCharCode(...bytes.subarray(recordOffset, recordOffset + 4));
    tags.add(tag);
    if (!keep.includes(tag)) continue;
    const offset = view.getUint32(recordOffset + 8);
    const length = view.getUint32(recordOffset + 12);
    if (offset + length > bytes.byteLength) throw new Error(`字体的 ${tag} 表超出文件末尾`);
    kept.push({
      record: bytes.subarray(recordOffset, recordOffset + 16),
      data: bytes.subarray(offset, offset + length),
    });
  }
  const headerSize = 12 + kept.length * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const subset = new Uint8Array(headerSize + kept.reduce((sum, table) => sum + padded(table.data.byteLength), 0));
  const out = new DataView(subset.buffer);
  subset.set(bytes.subarray(0, 4));
  out.setUint16(4, kept.length);
  const entrySelector = kept.length > 0 ? Math.floor(Math.log2(kept.length)) : 0;
  out.setUint16(6, 16 * 2 ** entrySelector);
  out.setUint16(8, entrySelector);
  out.setUint16(10, kept.length * 16 - 16 * 2 ** entrySelector);
  let dataOffset = headerSize;
  kept.forEach(({ record, data }, index) => {
    const recordOffset = 12 + index * 16;
    subset.set(record.subarray(0, 8), recordOffset);
    out.setUint32(recordOffset + 8, dataOffset);
    out.setUint32(recordOffset + 12, data.byteLength);
    subset.set(data, dataOffset);
    dataOffset += padded(data.byteLength);
  });
  return { tags, subset };
}

/** Weight from the style words when they name one (OS/2 classes vary: Noto's Thin is 250), else OS/2. */
function weightFrom(styleWords: string, weightClass: number | null): number {
  for (const [pattern, weight] of WEIGHT_WORDS) if (pattern.test(styleWords)) return weight;
  if (weightClass === null) return 400;
  return Math.min(900, Math.max(100, Math.round(weightClass / 100) * 100));
}

function readWeightClass(face: hb.Face): number | null {
  const table = face.referenceTable("OS/2");
  return table && table.byteLength >= 6 ? new DataView(table.buffer, table.byteOffset).getUint16(4) : null;
}

function readGlyphCount(face: hb.Face): number {
  const table = face.referenceTable("maxp");
  if (!table || table.byteLength < 6) throw new Error("字体缺少 maxp 表");
  return new DataView(table.buffer, table.byteOffset).getUint16(4);
}
