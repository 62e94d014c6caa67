import { createHash } from "node:crypto";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, PageSizes, rgb, type Color, type PDFFont, type PDFPage } from "pdf-lib";
import type { License } from "@contract/catalogue";

/** One font of the document: what is said about it, and its subset for the compared text. */
export type PdfFont = {
  gno: string;
  fontName: string;
  license: Pick<License, "name" | "commercialUse" | "commercialLabel">;
  /** The subset as a plain sfnt (TrueType or CFF outlines), as the subset service made it. */
  sfnt: Uint8Array;
  /** The code points the subset has glyphs for. */
  covered: ReadonlySet<number>;
};

/** The font the title and the labels are set in: a catalogue font subset for exactly those words. */
export type PdfLabelFont = { gno: string; sfnt: Uint8Array; covered: ReadonlySet<number> };

export type ComparePdfInput = {
  text: string;
  fonts: PdfFont[];
  labelFont: PdfLabelFont;
  createdAt: Date;
};

export const PDF_TITLE = "字体对比";
const PAGE_MARGIN = 48;
const TEXT_SIZE = 26;
const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * PAGE_MARGIN;
const INK = rgb(0.08, 0.09, 0.11);
const MUTED = rgb(0.42, 0.45, 0.5);
const LINE = rgb(0.86, 0.87, 0.9);
const MISSING = rgb(0.6, 0.62, 0.66);

/** 2026年11月23日, in China's time zone whatever the server's. */
export function formatPdfDate(date: Date): string {
  const parts = new Intl.DateTimeFormat("zh-CN", {
    timeZone: "Asia/Shanghai",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(date);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${part("year")}年${part("month")}月${part("day")}日`;
}

export function commercialUseText(license: Pick<License, "commercialUse">): string {
  return license.commercialUse ? "可商用" : "不可商用";
}

function fontHeading(font: PdfFont, index: number): string {
  return `${index + 1}. ${font.fontName}`;
}

function licenseLine(font: PdfFont): string {
  return `授权：${font.license.name}　${font.license.commercialLabel}　${commercialUseText(font.license)}`;
}

function missingLine(count: number): string {
  return `缺字 ${count} 个，以虚线框标出`;
}

function dateLine(input: Pick<ComparePdfInput, "createdAt" | "fonts">): string {
  return `生成日期：${formatPdfDate(input.createdAt)}　共 ${input.fonts.length} 款字体`;
}

function requiredOf(text: string): string[] {
  return [...new Set(Array.from(text).filter((character) => !/[\s\p{Cc}]/u.test(character)))];
}

function missingOf(font: Pick<PdfFont, "covered">, text: string): string[] {
  return requiredOf(text).filter((character) => !font.covered.has(character.codePointAt(0)!));
}

/**
 * Every word the labels font must draw: the title, the date, each font's name and license, and the
 * characters a font lacks (drawn small and grey inside their boxes).
 */
export function pdfLabelText(input: Omit<ComparePdfInput, "labelFont">): string {
  const parts = [PDF_TITLE, dateLine(input), "0123456789"];
  input.fonts.forEach((font, index) => {
    parts.push(fontHeading(font, index), licenseLine(font));
    const missing = missingOf(font, input.text);
    if (missing.length > 0) parts.push(missingLine(missing.length), missing.join(""));
  });
  return parts.join("");
}

/** Six capital letters from the subset's bytes: the subset-tag convention of PDF font names (`ABCDEF+Name`). */
export function subsetTag(sfnt: Uint8Array): string {
  const digest = createHash("sha256").update(sfnt).digest();
  return Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join("");
}

function postscriptName(sfnt: Uint8Array, fallback: string): string {
  let name: string | null;
  try {
    name = fontkit.create(sfnt).postscriptName;
  } catch {
    name = null;
  }
  const cleaned = (name ?? "").replace(/[^A-Za-z0-9-]/g, "").slice(0, 56);
  return cleaned || fallback;
}

/**
 * The sfnt with 16 zero bytes after it. fontkit reads a 10-byte glyph header even for an empty glyph
 * (a space); when that glyph ends the last table of the file, the read runs past the buffer and
 * throws. Zeros read as an empty header; bytes after the last table are ignored by every reader.
 */
export function padSfnt(sfnt: Uint8Array): Uint8Array {
  const padded = new Uint8Array(sfnt.byteLength + 16);
  padded.set(sfnt);
  return padded;
}

async function embedSubset(pdf: PDFDocument, subset: Uint8Array, fallbackName: string): Promise<PDFFont> {
  const sfnt = padSfnt(subset);
  // The bytes are already a subset from HarfBuzz: fontkit's own subsetting would drop CJK glyphs.
  return pdf.embedFont(sfnt, {
    subset: false,
    customName: `${subsetTag(sfnt)}+${postscriptName(sfnt, fallbackName)}`,
  });
}

type Piece = { text: string; missing: boolean; width: number };

/**
 * The compared text broken into lines that fit the page: runs the font draws, and characters it
 * lacks as boxes of their own.
 */
function layoutLines(text: string, font: PDFFont, covered: ReadonlySet<number>, size: number): Piece[][] {
  const boxWidth = size * 0.92;
  const lines: Piece[][] = [[]];
  let lineWidth = 0;
  for (const character of Array.from(text)) {
    if (/\p{Cc}/u.test(character)) continue;
    // Spaces are gaps, not glyphs: a subset's empty space glyph can sit at the very end of its glyf
    // table, where fontkit reads past the end of the font.
    const gap = /\s/u.test(character);
    const missing = !gap && !covered.has(character.codePointAt(0)!);
    const drawn = gap ? "" : character;
    const width = missing
      ? boxWidth
      : gap
        ? size * (character === "\u3000" ? 1 : 0.3)
        : font.widthOfTextAtSize(drawn, size);
    let line = lines[lines.length - 1]!;
    if (lineWidth + width > CONTENT_WIDTH && line.length > 0) {
      if (gap) continue; // a break replaces the space
      line = [];
      lines.push(line);
      lineWidth = 0;
    }
    const last = line[line.length - 1];
    if (!missing && !gap && last && !last.missing && last.text) {
      last.text += drawn;
      last.width += width;
    } else {
      line.push({ text: drawn, missing, width });
    }
    lineWidth += width;
  }
  return lines.filter((line) => line.length > 0);
}

class PageWriter {
  page: PDFPage;
  y: number;

  constructor(private readonly pdf: PDFDocument) {
    this.page = pdf.addPage(PageSizes.A4);
    this.y = PAGE_HEIGHT - PAGE_MARGIN;
  }

  /** Starts a new page when `height` more points do not fit on this one. */
  ensure(height: number) {
    if (this.y - height >= PAGE_MARGIN) return;
    this.page = this.pdf.addPage(PageSizes.A4);
    this.y = PAGE_HEIGHT - PAGE_MARGIN;
  }
}

/**
 * The comparison as an A4 PDF: the title 字体对比 and the date, then for each font its name,
 * license and commercial-use flag and the text set in it. Each font is embedded as its subset, with
 * a ToUnicode map, so the text can be selected and searched.
 */
export async function buildComparePdf(input: ComparePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(PDF_TITLE, { showInWindowTitleBar: true });
  pdf.setLanguage("zh-CN");
  pdf.setSubject(input.fonts.map((font) => font.fontName).join("、"));
  pdf.setCreator("短视频字体");
  pdf.setCreationDate(input.createdAt);
  pdf.setModificationDate(input.createdAt);

  const labels = await embedSubset(pdf, input.labelFont.sfnt, `Label${input.labelFont.gno}`);
  const labelText = (text: string) =>
    Array.from(text)
      .filter((character) => /\s/u.test(character) || input.labelFont.covered.has(character.codePointAt(0)!))
      .join("");
  /** A label, word by word: spaces are gaps (see layoutLines). */
  const drawLabel = (page: PDFPage, text: string, options: { x: number; y: number; size: number; color: Color }) => {
    let x = options.x;
    for (const word of labelText(text).split(/(\s+)/u)) {
      if (!word) continue;
      if (/^\s+$/u.test(word)) {
        x += Array.from(word).reduce((sum, space) => sum + options.size * (space === "\u3000" ? 1 : 0.3), 0);
        continue;
      }
      page.drawText(word, { ...options, x, font: labels });
      x += labels.widthOfTextAtSize(word, options.size);
    }
    return x - options.x;
  };

  const writer = new PageWriter(pdf);
  writer.y -= 24;
  drawLabel(writer.page, PDF_TITLE, { x: PAGE_MARGIN, y: writer.y, size: 24, color: INK });
  writer.y -= 22;
  drawLabel(writer.page, dateLine(input), { x: PAGE_MARGIN, y: writer.y, size: 10, color: MUTED });
  writer.y -= 18;

  for (const [index, font] of input.fonts.entries()) {
    const embedded = await embedSubset(pdf, font.sfnt, `Font${font.gno}`);
    const lines = layoutLines(input.text, embedded, font.covered, TEXT_SIZE);
    const missing = missingOf(font, input.text);
    const lineHeight = TEXT_SIZE * 1.45;
    const headHeight = 14 + 18 + 16 + (missing.length > 0 ? 14 : 0);
    writer.ensure(headHeight + Math.min(lines.length, 2) * lineHeight + 16);

    writer.page.drawLine({
      start: { x: PAGE_MARGIN, y: writer.y },
      end: { x: PAGE_WIDTH - PAGE_MARGIN, y: writer.y },
      thickness: 0.6,
      color: LINE,
    });
    writer.y -= 24;
    drawLabel(writer.page, fontHeading(font, index), { x: PAGE_MARGIN, y: writer.y, size: 13, color: INK });
    writer.y -= 16;
    drawLabel(writer.page, licenseLine(font), { x: PAGE_MARGIN, y: writer.y, size: 9.5, color: MUTED });
    if (missing.length > 0) {
      writer.y -= 14;
      drawLabel(writer.page, missingLine(missing.length), { x: PAGE_MARGIN, y: writer.y, size: 9, color: MUTED });
    }
    writer.y -= 8;

    for (const line of lines) {
      writer.ensure(lineHeight);
      writer.y -= lineHeight;
      let x = PAGE_MARGIN;
      for (const piece of line) {
        if (piece.missing) {
          drawMissingBox(writer.page, piece, x, writer.y, labels, labelText);
        } else if (piece.text) {
          writer.page.drawText(piece.text, { x, y: writer.y, size: TEXT_SIZE, font: embedded, color: INK });
        }
        x += piece.width;
      }
    }
    writer.y -= 14;
  }
  return pdf.save();
}

/** A character the font lacks: a dotted box with the character small and grey, never a fallback glyph. */
function drawMissingBox(
  page: PDFPage,
  piece: Piece,
  x: number,
  baseline: number,
  labels: PDFFont,
  labelText: (text: string) => string,
) {
  const side = piece.width * 0.9;
  const bottom = baseline - TEXT_SIZE * 0.12;
  page.drawRectangle({
    x: x + piece.width * 0.05,
    y: bottom,
    width: side,
    height: side,
    borderColor: MISSING,
    borderWidth: 0.8,
    borderDashArray: [2, 2],
  });
  const shown = labelText(piece.text);
  if (!shown) return;
  const size = TEXT_SIZE * 0.42;
  const width = labels.widthOfTextAtSize(shown, size);
  page.drawText(shown, {
    x: x + (piece.width - width) / 2,
    y: bottom + (side - size) / 2 + size * 0.12,
    size,
    font: labels,
    color: MISSING,
  });
}
