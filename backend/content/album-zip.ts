import fs from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import yazl from "yazl";
import { downloadAlbumZip } from "../../contract/album-zip.js";
import type { AlbumZip } from "../../contract/album-zip.js";
import { COMMERCIAL_LABELS } from "../../contract/catalogue.js";
import { endpointPath } from "../../contract/endpoint.js";
import { licenseDocument } from "../catalogue/license.js";
import { logMissingFontFile } from "../catalogue/missing-font-file.js";
import { storedOneOf } from "../catalogue/stored-value.js";
import { downloadFileName } from "../catalogue/urls.js";
import type { FontStorage } from "../storage/font-storage.js";
import type { ContentDb } from "./tables.js";

/** What goes into an album's zip: its fonts in the album's order, each with where its file is stored. */
export type AlbumZipPlan = AlbumZip & {
  title: string;
  fonts: Array<{
    fontGNo: string;
    fileName: string;
    licenseFileName: string;
    location: string;
    size: number;
    fontName: string;
    licenseName: string;
    licenseCode: string;
    licenseUrl: string | null;
    licenseText: string;
    copyright: string | null;
    commercialLabel: AlbumZip["files"][number]["commercialLabel"];
  }>;
};

/** Characters Windows, macOS or a zip reader will not take in a file name. */
const UNSAFE_FILE_NAME_CHARACTERS = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

function safeFileName(name: string): string {
  return name.replace(UNSAFE_FILE_NAME_CHARACTERS, "_").trim() || "专辑";
}

type ZipFontQuery = ReturnType<typeof zipFontQuery>;

function zipFontQuery(db: ContentDb) {
  return db
    .selectFrom("font")
    .innerJoin("font_family", "font_family.id", "font.family_id")
    .innerJoin("license", "license.code", "font.license_code")
    .select([
      "font.gno",
      "font.file_location",
      "font.file_size",
      "font.weight_name",
      "font.copyright",
      "font.license_code",
      "font.license_url",
      "font.license_text",
      "font_family.name_zh",
      "license.name as license_name",
      "license.commercial_label",
    ]);
}

/** The fonts `narrow` picks (an album's, a family's), each with its stored file and license. */
async function zipFontRows(db: ContentDb, narrow: (query: ZipFontQuery) => ZipFontQuery) {
  return narrow(zipFontQuery(db)).execute();
}

/** The zip's font entries: distinct file names, each with the license file written beside it. */
function zipFonts(rows: Awaited<ReturnType<typeof zipFontRows>>): AlbumZipPlan["fonts"] {
  const taken = new Set<string>();
  return rows.map((row) => {
    let fileName = safeFileName(downloadFileName(row.name_zh, row.weight_name));
    // Two catalogue fonts may share a family and weight name; the zip needs distinct names.
    if (taken.has(fileName)) fileName = fileName.replace(/\.ttf$/, `-${row.gno}.ttf`);
    taken.add(fileName);
    return {
      fontGNo: row.gno,
      fileName,
      licenseFileName: `LICENSE-${fileName.replace(/\.ttf$/, "")}.txt`,
      location: row.file_location,
      size: row.file_size,
      fontName: `${row.name_zh} ${row.weight_name}`,
      licenseName: row.license_name,
      licenseCode: row.license_code,
      licenseUrl: row.license_url,
      licenseText: row.license_text,
      copyright: row.copyright,
      commercialLabel: storedOneOf(COMMERCIAL_LABELS, row.commercial_label, "license.commercial_label"),
    };
  });
}

/** Every weight of the family of font `gno`, lightest first, as a zip with each license; null for an unknown font. */
export async function planFamilyZip(db: ContentDb, gno: string): Promise<FontZip | null> {
  const family = await db
    .selectFrom("font")
    .innerJoin("font_family", "font_family.id", "font.family_id")
    .select(["font_family.id", "font_family.name_zh"])
    .where("font.gno", "=", gno)
    .executeTakeFirst();
  if (!family) return null;
  const fonts = zipFonts(
    await zipFontRows(db, (query) =>
      query.where("font.family_id", "=", family.id).orderBy("font.weight").orderBy("font.gno"),
    ),
  );
  return {
    fonts,
    fileName: `${safeFileName(family.name_zh)}.zip`,
    asciiFileName: `font-family-${gno}.zip`,
    readme: zipReadme(`字体家族「${family.name_zh}」共 ${fonts.length} 个字重。`, fonts),
    description: `字体 ${gno} 的家族`,
  };
}

/** Album `id`'s zip as the catalogue has it, or null for an unknown album. */
export async function planAlbumZip(db: ContentDb, id: number): Promise<AlbumZipPlan | null> {
  const album = await db.selectFrom("album").select(["id", "title"]).where("id", "=", id).executeTakeFirst();
  if (!album) return null;
  const rows = await zipFontRows(db, (query) =>
    query
      .innerJoin("album_font", "album_font.font_gno", "font.gno")
      .where("album_font.album_id", "=", id)
      .orderBy("album_font.sort"),
  );
  const fonts = zipFonts(rows);
  return {
    id: album.id,
    title: album.title,
    fileName: `${safeFileName(album.title)}.zip`,
    url: endpointPath(downloadAlbumZip, { id: album.id }),
    files: fonts.map(({ fontGNo, fileName, licenseFileName, size, licenseName, commercialLabel }) => ({
      fontGNo,
      fileName,
      licenseFileName,
      size,
      licenseName,
      commercialLabel,
    })),
    fonts,
  };
}

/** The license file beside a font: which font, under what license, then its copyright and the license's full text. */
function licenseFile(font: AlbumZipPlan["fonts"][number]): string {
  const lines = [`字体：${font.fontName}（${font.fileName}）`, `授权：${font.licenseName}`];
  if (font.licenseUrl) lines.push(`授权协议网址：${font.licenseUrl}`);
  const license = licenseDocument({
    licenseCode: font.licenseCode,
    copyright: font.copyright,
    licenseText: font.licenseText,
  });
  return `${lines.join("\r\n")}\r\n\r\n${license.trim().replace(/\r?\n/g, "\r\n")}\r\n`;
}

/** 说明.txt: what the zip holds and under which license each font may be used. */
function zipReadme(heading: string, fonts: AlbumZipPlan["fonts"]): string {
  const lines = [heading, ""];
  for (const font of fonts) {
    lines.push(`${font.fileName}`, `  ${font.fontName}：${font.licenseName}（${font.commercialLabel}）`);
    lines.push(`  授权文本：${font.licenseFileName}`);
  }
  lines.push("", "使用前请阅读每款字体的授权文本；商用与否以授权文本为准。");
  return `${lines.join("\r\n")}\r\n`;
}

/** What a zip of catalogue fonts holds and is saved as. */
export type FontZip = {
  fonts: AlbumZipPlan["fonts"];
  fileName: string;
  /** The file name for clients that cannot read `filename*`. */
  asciiFileName: string;
  readme: string;
  /** Names the zip in the log when a download is cut short. */
  description: string;
};

/** An album's zip as `sendFontZip` takes it. */
export function albumFontZip(plan: AlbumZipPlan): FontZip {
  return {
    fonts: plan.fonts,
    fileName: plan.fileName,
    asciiFileName: `album-${plan.id}.zip`,
    readme: zipReadme(`专辑「${plan.title}」共 ${plan.fonts.length} 款字体。`, plan.fonts),
    description: `专辑 ${plan.id}`,
  };
}

/**
 * Streams `plan` as a zip into `res`. Fonts are stored rather than deflated: every length is then
 * known in advance (the answer carries Content-Length, so a browser shows real progress) and a
 * download costs no compression work on the server. Nothing is sent, and false is answered, when
 * a font file is missing from storage.
 */
export async function sendFontZip(req: Request, res: Response, storage: FontStorage, plan: FontZip): Promise<boolean> {
  const stored = await Promise.all(plan.fonts.map((font) => storage.stat(font.location)));
  const missing = plan.fonts.findIndex((_font, index) => stored[index] === null);
  if (missing >= 0) {
    logMissingFontFile(plan.fonts[missing]!.fontGNo, plan.fonts[missing]!.location);
    return false;
  }

  const zip = new yazl.ZipFile();
  const mtime = new Date();
  zip.addBuffer(Buffer.from(plan.readme), "说明.txt", { mtime, compress: false });
  plan.fonts.forEach((font, index) => {
    const file = stored[index]!;
    zip.addReadStreamLazy(font.fileName, { size: file.size, mtime: new Date(file.mtimeMs), compress: false }, (done) =>
      done(null, fs.createReadStream(file.path)),
    );
    zip.addBuffer(Buffer.from(licenseFile(font)), font.licenseFileName, { mtime, compress: false });
  });

  res.status(200);
  res.setHeader("Content-Type", "application/zip");
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="${plan.asciiFileName}"; filename*=UTF-8''${encodeURIComponent(plan.fileName)}`,
  );
  // no-transform keeps the compression middleware from re-encoding the zip and dropping Content-Length.
  res.setHeader("Cache-Control", "no-store, no-transform");
  res.setHeader("Access-Control-Allow-Origin", "*");
  // Called at once: every entry's length is known and nothing is deflated (yazl's types omit the argument).
  const whenSizeKnown = (totalSize: number) => {
    if (totalSize >= 0) res.setHeader("Content-Length", String(totalSize));
  };
  zip.end(undefined, whenSizeKnown as () => void);
  // A HEAD gets the headers a GET would, without reading every font to make a body it never sends.
  if (req.method === "HEAD") {
    res.end();
    return true;
  }
  const output = zip.outputStream as Readable;
  // A font file that cannot be read to its end (changed or removed meanwhile) cuts the download
  // short: the browser sees an incomplete file rather than a zip with a damaged font in it.
  let zipError: Error | null = null;
  zip.on("error", (error: Error) => {
    zipError = error;
    output.destroy(error);
  });
  try {
    await pipeline(output, res);
  } catch (error) {
    if (zipError) {
      console.error(`${plan.description}的打包下载中断：${(zipError as Error).message}`);
      return true;
    }
    // A client that goes away mid-download is not a server error.
    if (!res.destroyed || res.writableFinished) throw error;
  }
  return true;
}
