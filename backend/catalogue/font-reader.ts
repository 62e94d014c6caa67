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
  licenceDescription: string | null;
  licenceUrl: string | null;
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
  licenceDescription: 13,
  licenceUrl: 14,
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

export function readFontFacts(bytes: Uint8Array): FontFacts {
  const face = new hb.Face(new hb.Blob(bytes));
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
    licenceDescription: name(NAME.licenceDescription),
    licenceUrl: name(NAME.licenceUrl),
    weight,
    glyphCount: readGlyphCount(face),
    codepoints: face.collectUnicodes().slice().sort(),
    outlines: face.referenceTable("glyf") ? "glyf" : "cff",
  };
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
