import type { CommercialLabel, License } from "../../contract/catalogue.js";
import { OFL_1_1_TEXT } from "./ofl-1.1.js";

/** The licence a font is published under, as decided from its name table. */
export type ClassifiedLicence = License;

export type KnownLicence = {
  code: string;
  name: string;
  commercialUse: boolean;
  commercialLabel: CommercialLabel;
  /** Recognises the licence in a name ID 13 text. */
  pattern: RegExp;
};

/** Only licences whose terms we know; a font under anything else stays out of the catalogue. */
export const KNOWN_LICENCES: readonly KnownLicence[] = [
  {
    code: "OFL-1.1",
    name: "SIL Open Font License 1.1",
    commercialUse: true,
    commercialLabel: "免费商用",
    pattern: /SIL\s+Open\s+Font\s+License,?\s+(Version\s+)?1\.1/i,
  },
  {
    code: "Apache-2.0",
    name: "Apache License 2.0",
    commercialUse: true,
    commercialLabel: "免费商用",
    pattern: /Apache\s+License,?\s+Version\s+2\.0/i,
  },
];

const RIGHTS_RESERVED = /all\s+rights\s+reserved/i;

/**
 * Classifies a font from name ID 13 (licence description) and 14 (licence URL). Returns null for a
 * missing or unrecognised licence, and for any text reserving all rights: such fonts may not be
 * offered for download.
 */
export function classifyLicence(description: string | null, url: string | null): ClassifiedLicence | null {
  const text = description?.trim();
  if (!text || RIGHTS_RESERVED.test(text)) return null;
  const licence = KNOWN_LICENCES.find((candidate) => candidate.pattern.test(text));
  if (!licence) return null;
  const verdict = licence.commercialUse ? "允许免费商用" : "不允许免费商用";
  const urlNote = url ? `（nameID 14 给出许可证地址 ${url}）` : "";
  return {
    code: licence.code,
    name: licence.name,
    url: url?.trim() || null,
    commercialUse: licence.commercialUse,
    commercialLabel: licence.commercialLabel,
    commercialSource: `字体名称表 nameID 13 声明采用 ${licence.name}${urlNote}，${verdict}`,
  };
}

/** The licences whose full text the site carries, by code. */
const FULL_TEXTS: Readonly<Record<string, string>> = { "OFL-1.1": OFL_1_1_TEXT };

/**
 * A font's licence as it travels with the font file: the font's copyright notice (name ID 0), then
 * the licence's full text, or, for a licence whose full text the site does not carry, the font's
 * own licence description (name ID 13).
 */
export function licenceDocument(font: { licenceCode: string; copyright: string | null; licenceText: string }): string {
  const body = FULL_TEXTS[font.licenceCode] ?? font.licenceText;
  const copyright = font.copyright?.trim();
  return copyright ? `${copyright}\n\n${body}` : body;
}
