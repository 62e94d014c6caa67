import type { CommercialLabel, License } from "../../contract/catalogue.js";
import { OFL_1_1_TEXT } from "./ofl-1.1.js";

/** The license a font is published under, as decided from its name table. */
export type ClassifiedLicense = License;

export type KnownLicense = {
  code: string;
  name: string;
  commercialUse: boolean;
  commercialLabel: CommercialLabel;
  /** Recognises the license in a name ID 13 text. */
  pattern: RegExp;
};

/** Only licenses whose terms we know; a font under anything else stays out of the catalogue. */
export const KNOWN_LICENSES: readonly KnownLicense[] = [
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
 * Classifies a font from name ID 13 (license description) and 14 (license URL). Returns null for a
 * missing or unrecognised license, and for any text reserving all rights: such fonts may not be
 * offered for download.
 */
export function classifyLicense(description: string | null, url: string | null): ClassifiedLicense | null {
  const text = description?.trim();
  if (!text || RIGHTS_RESERVED.test(text)) return null;
  const license = KNOWN_LICENSES.find((candidate) => candidate.pattern.test(text));
  if (!license) return null;
  const verdict = license.commercialUse ? "允许免费商用" : "不允许免费商用";
  const urlNote = url ? `（nameID 14 给出授权协议地址 ${url}）` : "";
  return {
    code: license.code,
    name: license.name,
    url: url?.trim() || null,
    commercialUse: license.commercialUse,
    commercialLabel: license.commercialLabel,
    commercialSource: `字体名称表 nameID 13 声明采用 ${license.name}${urlNote}，${verdict}`,
  };
}

/** The licenses whose full text the site carries, by code. */
const FULL_TEXTS: Readonly<Record<string, string>> = { "OFL-1.1": OFL_1_1_TEXT };

/**
 * A font's license as it travels with the font file: the font's copyright notice (name ID 0), then
 * the license's full text, or, for a license whose full text the site does not carry, the font's
 * own license description (name ID 13).
 */
export function licenseDocument(font: { licenseCode: string; copyright: string | null; licenseText: string }): string {
  const body = FULL_TEXTS[font.licenseCode] ?? font.licenseText;
  const copyright = font.copyright?.trim();
  return copyright ? `${copyright}\n\n${body}` : body;
}
