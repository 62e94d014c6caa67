import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";

export type FontFileFormat = "ttf" | "woff2";

const CONTENT_TYPES: Record<FontFileFormat, string> = { ttf: "font/ttf", woff2: "font/woff2" };

/**
 * Sends a font file as an attachment named `fileName` (UTF-8, with `asciiFallback` for old
 * clients). HEAD gets the headers only; for GET, `beforeBody` runs once the file is known to be
 * readable, just before it is streamed. Returns false, having sent nothing, when the file is missing.
 */
export async function sendFontFile(
  req: Request,
  res: Response,
  file: { path: string; format: FontFileFormat; fileName: string; asciiFallback: string },
  beforeBody?: () => Promise<void>,
): Promise<boolean> {
  // Opened before anything is sent, so a file deleted meanwhile is reported rather than half-sent.
  const handle = await fs.promises.open(file.path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "EISDIR" || error.code === "ENOTDIR") return null;
    throw error;
  });
  if (!handle) return false;
  let streaming = false;
  try {
    const { size } = await handle.stat();
    res.status(200);
    res.setHeader("Content-Type", CONTENT_TYPES[file.format]);
    res.setHeader("Content-Length", String(size));
    res.setHeader(
      "Content-Disposition",
      `attachment; filename="${file.asciiFallback}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    );
    // no-transform keeps the compression middleware from re-encoding the file and dropping Content-Length.
    res.setHeader(
      "Cache-Control",
      file.format === "woff2" ? "public, max-age=86400, no-transform" : "no-store, no-transform",
    );
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    await beforeBody?.();
    streaming = true;
    try {
      await pipeline(handle.createReadStream(), res);
    } catch (error) {
      // A client that goes away mid-download is not a server error.
      if (!res.destroyed || res.writableFinished) throw error;
    }
    return true;
  } finally {
    // The read stream closes the handle it was given; otherwise it is closed here.
    if (!streaming) await handle.close();
  }
}
