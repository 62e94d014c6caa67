import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { encodeWoff2 } from "../subset/woff2.js";
import { dataLocation, type FontStorage, type StoredFile } from "../storage/font-storage.js";

/** Encodes waiting at most, beyond the one running: each takes about a minute for a CJK weight. */
const MAX_WAITING = 4;

/** The font row's parts that say which WOFF2 to serve. */
export type WebFontFileRow = { gno: string; file_location: string; woff2_location: string | null; file_size: number };

/** What a WOFF2 download finds: the file, or that it is being made (ask again later), or nothing to make it from. */
export type Woff2Lookup = { file: StoredFile } | { making: true } | { busy: true } | null;

/**
 * The WOFF2 of every catalogue font. A font shipped as WOFF2 has its own; for one shipped as TTF the
 * WOFF2 is made on its first request, in the background (one encode at a time, a few waiting), and
 * kept under the data directory named by the TTF's size, so a changed TTF gets a new one. At most one
 * file per catalogue font and size: the folder is as bounded as the catalogue.
 */
export class Woff2Files {
  private readonly jobs = new Map<string, Promise<void>>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly storage: FontStorage) {}

  private location(font: WebFontFileRow) {
    return dataLocation(path.join("woff2", `${font.gno}-${font.file_size}.woff2`));
  }

  /** The WOFF2 file of `font` if there is one now, without starting anything. */
  async stored(font: WebFontFileRow): Promise<StoredFile | null> {
    return this.storage.stat(font.woff2_location ?? this.location(font));
  }

  /** The WOFF2 file of `font`, or starts making it. */
  async find(font: WebFontFileRow): Promise<Woff2Lookup> {
    const stored = await this.stored(font);
    if (stored) return { file: stored };
    if (font.woff2_location) return null;
    if (this.jobs.has(font.gno)) return { making: true };
    if (this.jobs.size > MAX_WAITING) return { busy: true };
    const job = (this.queue = this.queue.then(() => this.make(font))).finally(() => this.jobs.delete(font.gno));
    this.jobs.set(font.gno, job);
    return { making: true };
  }

  private async make(font: WebFontFileRow): Promise<void> {
    const source = await this.storage.stat(font.file_location);
    if (!source) return;
    const target = this.storage.resolve(this.location(font));
    const temporary = `${target}.${process.pid}.tmp`;
    try {
      const woff2 = await encodeWoff2(await readFile(source.path));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(temporary, woff2);
      await rename(temporary, target);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      console.error(`字体 ${font.gno} 的 WOFF2 生成失败`, error);
    }
  }
}
