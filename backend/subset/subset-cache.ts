import { mkdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { FontSourceFile } from "./font-source.js";
import { ByteBoundedCache } from "./byte-bounded-cache.js";
import { DiskUsage, scanCacheDirectory } from "./disk-usage.js";
import { FileWriter } from "./file-writer.js";
import { encodeBundle, readBundle, readBundledFile, type BundledFile } from "./subset-bundle.js";
import { SFNT_FLAVOR_CFF, viewOf } from "./sfnt.js";
import { subsetHash } from "./subset-key.js";
import type { SubsetRecipes } from "./subset-recipes.js";
import type { FaceSubsetter } from "./subsetter-pool.js";
import { FontCoverages, type FontCoverage } from "./font-coverage.js";
import { UnusableFontError } from "./unusable-font.js";
import { encodeWoff2 } from "./woff2.js";

export type SubsetFileFormat = "ttf" | "otf" | "woff" | "woff2";

/**
 * One cached subset; stored with its sfnt and WOFF in `<hash>.subset` (subset-bundle.ts), but for
 * `hasWoff2`, which is whether `<hash>.woff2` is there.
 */
export type SubsetEntry = {
  hash: string;
  gno: string;
  fontVersion: string;
  codepointCount: number;
  /** ms since epoch when the subset was made; the `t` query of its URLs. */
  createdAt: number;
  /** Extension of the plain sfnt file: "otf" when the source has CFF outlines. */
  sfntFormat: "ttf" | "otf";
  /** True once the WOFF 2.0 file has been written (made when the subset is requested again). */
  hasWoff2: boolean;
  /**
   * The code points asked for that the font has no glyph for, from its character map (absent when that
   * cannot be read, and in entries written before it was kept).
   */
  lacking?: number[];
};

export const FONT_CONTENT_TYPES: Record<SubsetFileFormat, string> = {
  ttf: "font/ttf",
  otf: "font/otf",
  woff: "font/woff",
  woff2: "font/woff2",
};

const FILE_NAME_PATTERN = /^([0-9a-f]{32})\.(ttf|otf|woff|woff2)$/;
const SUBSET_FILE_FORMATS: readonly SubsetFileFormat[] = ["ttf", "otf", "woff", "woff2"];
const DEFAULT_MAX_INDEX_ENTRIES = 10_000;
/** A page's previews are a few KB each; a file past this is streamed from disk rather than kept. */
const SERVED_FILE_MAX_BYTES = 256 * 1024;
const DEFAULT_SERVED_FILES_BYTES = 4 * 1024 * 1024;
const DEFAULT_HANDED_OUT_BYTES = 4 * 1024 * 1024;
export const DEFAULT_CACHE_MAX_BYTES = 1024 * 1024 * 1024;

/**
 * A cached file to answer with: its bytes, or where a file too large to keep in memory lies on disk,
 * kept there until `release` is called.
 */
export type FileToServe = { bytes: Uint8Array } | { file: BundledFile; release: () => void };

export type SubsetCacheOptions = {
  dir: string;
  subsetter: FaceSubsetter;
  /** Entries kept parsed in memory. */
  maxIndexEntries?: number;
  /** Bound on the bytes of the cache's files; the least recently used subsets are deleted beyond it. */
  maxBytes?: number;
  /** Bound on the bytes of recently served small files kept in memory. */
  servedFilesBytes?: number;
  /**
   * Bound on the bytes of the subsets handed out (`handOut`) and not asked for again yet, which are
   * kept in memory only; past it the oldest are dropped, and made again from their recipe if asked for.
   */
  handedOutBytes?: number;
  /**
   * Every subset handed out leaves its recipe in `recipes` (shared by the site's instances, or this
   * one's own), and a file asked for here that another instance made, or that this one dropped or
   * evicted, is made again from it (`makeMissing`), with the font `findFont` gives for the recipe's `gno`.
   */
  sharing?: SubsetSharing;
};

export type SubsetSharing = {
  recipes: SubsetRecipes;
  findFont: (gno: string) => Promise<FontSourceFile | null>;
};

/**
 * Subsets on disk under `dir`, named by the hash of (gno, font version, code points), with a
 * bounded in-memory index of recently used entries. The first request writes the sfnt and a WOFF
 * (zlib, fast to make) with the entry, in one file; a later request for the same subset adds a WOFF2
 * in the background.
 *
 * A subset handed out for a preview (`handOut`) is kept in memory only, until it is asked for again
 * (handed out again, or its file asked for a second time): most are a visitor's new words, seen
 * once, and creating their files cost the server more than making them. Past `handedOutBytes` the
 * oldest of these are dropped; a file of one asked for later is made again from its recipe
 * (`makeMissing`), as one another instance handed out.
 *
 * The files stay within a byte budget: the least recently used subsets are deleted, except those
 * being made, given a WOFF2 or served. After a restart, use order starts as the order of the files'
 * modification times.
 */
export class SubsetCache {
  private readonly index = new Map<string, SubsetEntry>();
  private readonly inFlight = new Map<string, Promise<SubsetEntry>>();
  private readonly woff2Jobs = new Map<string, Promise<void>>();
  /** Files of new subsets being written after their entry was handed out, by hash. */
  private readonly writes = new Map<string, Promise<void>>();
  /** The bytes of those files, by hash and format, served from memory until they are on disk. */
  private readonly unwritten = new Map<string, Map<SubsetFileFormat, Uint8Array>>();
  /** Subsets handed out and not asked for again, in memory only, oldest first. */
  private readonly handedOut = new Map<string, NewSubset>();
  private handedOutBytes = 0;
  /** Small files recently served, by file name: a page's previews asked again never wait for the disk. */
  private readonly servedFiles: ByteBoundedCache<Uint8Array>;
  private readonly writer = new FileWriter();
  /** Responses streaming a file of the subset, by hash. */
  private readonly serving = new Map<string, number>();
  /** Deletions of evicted subsets' files, by hash, so a new request for one waits for it to finish. */
  private readonly evictions = new Map<string, Promise<void>>();
  /** What the fonts' character maps say, so that a subset's entry is known before it is made. */
  private readonly coverages = new FontCoverages();

  private constructor(
    private readonly dir: string,
    private readonly subsetter: FaceSubsetter,
    private readonly maxIndexEntries: number,
    private readonly usage: DiskUsage,
    private readonly sharing: SubsetSharing | undefined,
    servedFilesBytes: number,
    private readonly maxHandedOutBytes: number,
  ) {
    this.servedFiles = new ByteBoundedCache(servedFilesBytes);
  }

  static async open(options: SubsetCacheOptions): Promise<SubsetCache> {
    const dir = path.resolve(options.dir);
    await mkdir(dir, { recursive: true });
    const usage = new DiskUsage(options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES);
    for (const subset of await scanCacheDirectory(dir)) usage.record(subset.hash, subset.bytes);
    const cache = new SubsetCache(
      dir,
      options.subsetter,
      options.maxIndexEntries ?? DEFAULT_MAX_INDEX_ENTRIES,
      usage,
      options.sharing,
      options.servedFilesBytes ?? DEFAULT_SERVED_FILES_BYTES,
      options.handedOutBytes ?? DEFAULT_HANDED_OUT_BYTES,
    );
    cache.evictOverBudget();
    await Promise.all(cache.evictions.values());
    return cache;
  }

  /** The cached subset for `codepoints` of `font`, made now if absent, once its files are on disk. */
  async get(font: FontSourceFile, codepoints: readonly number[]): Promise<SubsetEntry> {
    const entry = await this.prepare(font, codepoints);
    await this.written(entry.hash);
    return entry;
  }

  /**
   * The cached subset for `codepoints` of `font`, made now if absent, as soon as it can be answered: the
   * files of a new subset are written after, and a reader of them waits for `written(hash)`. Identical
   * concurrent calls share one job.
   */
  prepare(font: FontSourceFile, codepoints: readonly number[]): Promise<SubsetEntry> {
    // Shared before the answer goes out: the file may be asked for from another instance at once.
    return this.prepareHere(font, codepoints).then(async (made) => {
      await this.share(made.hash, font, codepoints);
      return made;
    });
  }

  /**
   * The entry of the subset for `codepoints` of `font`, for an answer that hands out the addresses of its
   * files. A new subset of a font whose character map is known here is answered before it is made: its
   * name, its kind of sfnt and the code points it lacks follow from the font and the code points alone,
   * and a request for one of its files waits for it (`makeMissing`). Otherwise as `prepare`.
   */
  async handOut(font: FontSourceFile, codepoints: readonly number[]): Promise<SubsetEntry> {
    const hash = subsetHash(font.gno, font.version, codepoints);
    const known = () =>
      this.inFlight.has(hash) || this.index.has(hash) || this.handedOut.has(hash) || this.usage.has(hash);
    if (known()) return this.prepare(font, codepoints);
    const coverage = await this.coverages.of(font);
    const lacking = coverage?.lacking(codepoints);
    if (!coverage || !lacking || known()) return this.prepare(font, codepoints);
    const entry = newEntry(hash, font, codepoints, coverage.sfntFormat, lacking);
    this.prepareHere(font, codepoints, entry, true).catch((error: unknown) => {
      if (error instanceof UnusableFontError) this.coverages.refuse(font);
      console.warn(`子集 ${hash}（字体 ${font.gno}）已答复，但未能做成，其文件将找不到`, error);
    });
    await this.share(hash, font, codepoints);
    return entry;
  }

  private async share(hash: string, font: FontSourceFile, codepoints: readonly number[]): Promise<void> {
    if (!this.sharing) return;
    const recipe = { gno: font.gno, fontVersion: font.version, codepoints: [...codepoints] };
    await this.sharing.recipes.share(hash, recipe).catch((error: unknown) => {
      console.warn(`子集 ${hash} 的配方未能共享，其他实例将找不到它的文件`, error);
    });
  }

  /**
   * Makes the subset `hash` here when this instance does not have it but another one shared its
   * recipe, and its WOFF 2.0 file when that is the `format` asked for. False when it cannot be made
   * here (no recipe, or the font changed since), so its files are not found.
   */
  async makeMissing(hash: string, format: SubsetFileFormat): Promise<boolean> {
    // Being made here too (another instance handed it out while this one makes it for a visitor of its
    // own): its files are known, and written() waits for them, only once it is made.
    await this.inFlight.get(hash)?.catch(() => undefined);
    const here = this.usage.has(hash) || this.handedOut.has(hash);
    if (here && format !== "woff2") return true;
    const entry = here ? (this.recall(hash) ?? (await this.readEntry(hash))) : await this.makeFromSharedRecipe(hash);
    if (!entry) return false;
    if (format === "woff2" && !entry.hasWoff2) {
      this.keepOnDisk(hash);
      this.ensureWoff2(entry);
      await this.woff2Jobs.get(hash);
    }
    return true;
  }

  private async makeFromSharedRecipe(hash: string): Promise<SubsetEntry | null> {
    if (!this.sharing) return null;
    const { recipes, findFont } = this.sharing;
    const recipe = await recipes.find(hash).catch((error: unknown) => {
      console.warn(`子集 ${hash} 的配方读取失败`, error);
      return null;
    });
    const font = recipe && (await findFont(recipe.gno));
    if (!recipe || !font || font.version !== recipe.fontVersion) return null;
    if (subsetHash(font.gno, font.version, recipe.codepoints) !== hash) return null;
    return this.get(font, recipe.codepoints);
  }

  /**
   * `announced`: the entry already handed out for the subset, which it must be made as; `inMemory`:
   * a new subset is kept in memory until asked for again, rather than written at once.
   */
  private prepareHere(
    font: FontSourceFile,
    codepoints: readonly number[],
    announced?: SubsetEntry,
    inMemory = false,
  ): Promise<SubsetEntry> {
    const hash = subsetHash(font.gno, font.version, codepoints);
    const pending = this.inFlight.get(hash);
    if (pending) return pending;
    const indexed = this.recall(hash);
    if (indexed) {
      this.usage.touch(hash);
      this.keepOnDisk(hash);
      this.ensureWoff2(indexed);
      return Promise.resolve(indexed);
    }
    const job = this.readOrCreate(hash, font, codepoints, announced, inMemory).finally(() =>
      this.inFlight.delete(hash),
    );
    this.inFlight.set(hash, job);
    return job;
  }

  /** Whether `get` would answer without making the subset: it is on disk or in memory, or already being made. */
  has(font: FontSourceFile, codepoints: readonly number[]): boolean {
    const hash = subsetHash(font.gno, font.version, codepoints);
    return this.inFlight.has(hash) || this.handedOut.has(hash) || this.usage.has(hash);
  }

  /** Bytes of the subsets' files, as the budget counts them. */
  get diskBytes(): number {
    return this.usage.totalBytes;
  }

  /**
   * Settles once the files of the subset `hash` are on disk, or have failed to be written (then they
   * are absent): a new subset is answered before its files are written.
   */
  async written(hash: string): Promise<void> {
    await this.writes.get(hash);
  }

  /**
   * The bytes of file `format` of the subset `hash` while it is still being written, so a request for
   * it need not wait for the disk; undefined otherwise (read it from disk once `written(hash)` settles).
   */
  unwrittenFile(hash: string, format: SubsetFileFormat): Uint8Array | undefined {
    return (this.unwritten.get(hash) ?? this.handedOut.get(hash)?.files)?.get(format);
  }

  /**
   * File `format` of the subset `hash` to answer: its bytes from memory (one just made, kept once
   * written, one recently served, or a small one read from disk now, each then kept among the
   * recently served files), or where it lies on disk when it is too large to keep, held from
   * eviction until `release` is called once it is sent; undefined when there is none (not made, or
   * evicted). A file read from disk is held before it is looked for.
   */
  async fileToServe(hash: string, format: SubsetFileFormat): Promise<FileToServe | undefined> {
    const inMemory = this.fileInMemory(hash, format);
    if (inMemory) return { bytes: inMemory };
    const name = `${hash}.${format}`;
    const release = this.holdForServing(hash);
    try {
      await this.written(hash);
      const file = await this.locate(hash, format);
      if (file && file.length > SERVED_FILE_MAX_BYTES) return { file, release };
      const bytes = file && (await readBundledFile(file));
      release();
      return bytes ? { bytes: this.keepServed(hash, name, bytes) } : undefined;
    } catch (error) {
      release();
      throw error;
    }
  }

  /** File `format` of the subset `hash` when its bytes are in memory, not counted as used (`fileInMemory` counts it). */
  peekFileInMemory(hash: string, format: SubsetFileFormat): Uint8Array | undefined {
    return this.servedFiles.peek(`${hash}.${format}`) ?? this.unwrittenFile(hash, format);
  }

  /**
   * File `format` of the subset `hash` to answer when its bytes are in memory (one just made, kept
   * once written, or recently served), then kept among the recently served files; undefined, and
   * nothing done, when they are not.
   */
  fileInMemory(hash: string, format: SubsetFileFormat): Uint8Array | undefined {
    const name = `${hash}.${format}`;
    const bytes = this.servedFiles.get(name) ?? this.unwrittenFile(hash, format);
    if (!bytes) return undefined;
    const handedOut = this.handedOut.get(hash);
    // Its file asked for again: another page of the same words (a kept one, say) shows it.
    if (handedOut && ++handedOut.filesServed > 1) this.keepOnDisk(hash);
    return this.keepServed(hash, name, bytes);
  }

  private keepServed(hash: string, name: string, bytes: Uint8Array): Uint8Array {
    this.usage.touch(hash);
    if (bytes.byteLength <= SERVED_FILE_MAX_BYTES) this.servedFiles.set(name, bytes, bytes.byteLength);
    return bytes;
  }

  /**
   * Marks the subset `hash` as used and keeps its files from eviction until the returned function is
   * called, for a response streaming one of them.
   */
  holdForServing(hash: string): () => void {
    this.usage.touch(hash);
    this.serving.set(hash, (this.serving.get(hash) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const holders = (this.serving.get(hash) ?? 1) - 1;
      if (holders > 0) this.serving.set(hash, holders);
      else this.serving.delete(hash);
    };
  }

  /** File name of one format of an entry, e.g. `3f9a….woff`. */
  fileName(entry: SubsetEntry, format: SubsetFileFormat): string {
    return `${entry.hash}.${format}`;
  }

  /** Content type, subset hash and format for a file name from a URL, or null when it names no cache file. */
  resolveFile(name: string): { contentType: string; hash: string; format: SubsetFileFormat } | null {
    const match = FILE_NAME_PATTERN.exec(name);
    if (!match) return null;
    const format = match[2] as SubsetFileFormat;
    return { contentType: FONT_CONTENT_TYPES[format], hash: match[1]!, format };
  }

  /**
   * Where file `format` of the subset `hash` lies on disk (its WOFF 2.0 in a file of its own, the
   * others in the subset's bundle), or null when it is not there: not made, evicted, or another kind
   * of sfnt than the subset's.
   */
  async locate(hash: string, format: SubsetFileFormat): Promise<BundledFile | null> {
    if (format === "woff2") {
      const filePath = this.pathOf(`${hash}.woff2`);
      const found = await stat(filePath).catch(() => null);
      return found?.isFile() && found.size > 0 ? { filePath, start: 0, length: found.size } : null;
    }
    const filePath = this.pathOf(bundleName(hash));
    const bundle = await readBundle<StoredEntry>(filePath);
    if (!bundle || (format !== "woff" && format !== bundle.entry.sfntFormat)) return null;
    return { filePath, ...(format === "woff" ? bundle.woff : bundle.sfnt) };
  }

  /** Waits for jobs in flight, file writes, background WOFF2 encodes and evictions. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()]);
    await Promise.allSettled([...this.writes.values()]);
    await Promise.allSettled([...this.woff2Jobs.values()]);
    await Promise.allSettled([...this.evictions.values()]);
    await this.writer.close();
  }

  private async readOrCreate(
    hash: string,
    font: FontSourceFile,
    codepoints: readonly number[],
    announced: SubsetEntry | undefined,
    inMemory: boolean,
  ): Promise<SubsetEntry> {
    await this.evictions.get(hash);
    // The accounting knows every subset on disk (scanned on open, recorded on write; the directory is
    // this process's own), so a subset it does not know is made without looking for its entry file.
    const stored = this.usage.has(hash) ? await this.readEntry(hash) : null;
    if (stored) {
      if (!this.usage.touch(hash)) this.usage.record(hash, await this.bytesOnDisk(hash));
      this.ensureWoff2(stored);
      return this.remember(stored);
    }
    return this.remember(await this.create(hash, font, codepoints, announced, inMemory));
  }

  private async create(
    hash: string,
    font: FontSourceFile,
    codepoints: readonly number[],
    announced: SubsetEntry | undefined,
    inMemory: boolean,
  ): Promise<SubsetEntry> {
    const [{ sfnt, woff }, coverage] = await Promise.all([
      this.subsetter.subsetForWeb(font, codepoints),
      announced ? undefined : this.coverages.of(font),
    ]);
    const entry =
      announced ?? newEntry(hash, font, codepoints, isCff(sfnt) ? "otf" : "ttf", coverage?.lacking(codepoints));
    const bundle = encodeBundle(storedEntry(entry), sfnt, woff);
    // The sfnt is served from the bundle, not kept twice.
    const sfntEnd = bundle.byteLength - woff.byteLength;
    const files = new Map<SubsetFileFormat, Uint8Array>([
      [entry.sfntFormat, bundle.subarray(sfntEnd - sfnt.byteLength, sfntEnd)],
      ["woff", woff],
    ]);
    const subset = { entry, bundle, files, filesServed: 0 };
    if (inMemory) this.keepInMemory(subset);
    else this.write(subset);
    return entry;
  }

  /** Keeps a subset handed out in memory only, dropping the oldest past the bound. */
  private keepInMemory(subset: NewSubset): void {
    const { hash } = subset.entry;
    this.handedOut.set(hash, subset);
    this.handedOutBytes += memoryBytes(subset);
    for (const [oldest, dropped] of this.handedOut) {
      if (this.handedOutBytes <= this.maxHandedOutBytes || oldest === hash) break;
      this.handedOut.delete(oldest);
      this.handedOutBytes -= memoryBytes(dropped);
      this.index.delete(oldest);
      for (const format of SUBSET_FILE_FORMATS) this.servedFiles.delete(`${oldest}.${format}`);
    }
  }

  /** A subset handed out and asked for again: its files are written now. */
  private keepOnDisk(hash: string): void {
    const subset = this.handedOut.get(hash);
    if (!subset) return;
    this.handedOut.delete(hash);
    this.handedOutBytes -= memoryBytes(subset);
    this.write(subset);
  }

  /**
   * Writes a new subset's bundle in the file-writing thread; its files are served from memory until
   * they are on disk (written()).
   */
  private write({ entry, bundle, files }: NewSubset): void {
    const { hash } = entry;
    this.usage.record(hash, bundle.byteLength);
    this.unwritten.set(hash, files);
    const write = this.writeNew(entry, bundle, files.get("woff")!).finally(() => {
      this.writes.delete(hash);
      this.unwritten.delete(hash);
    });
    this.writes.set(hash, write);
  }

  private async writeNew(entry: SubsetEntry, bundle: Uint8Array, woff: Uint8Array): Promise<void> {
    try {
      await this.writer.write([{ path: this.pathOf(bundleName(entry.hash)), bytes: bundle }]);
      // Its previews ask for it next: from memory, once it is no longer held as unwritten.
      this.keepServed(entry.hash, this.fileName(entry, "woff"), woff);
    } catch (error) {
      console.warn(`子集 ${entry.hash} 的文件写入失败`, error);
      this.index.delete(entry.hash);
      this.usage.forget(entry.hash);
      await this.deleteFiles(entry.hash);
      return;
    }
    this.evictOverBudget();
  }

  private ensureWoff2(entry: SubsetEntry): void {
    if (entry.hasWoff2 || this.woff2Jobs.has(entry.hash)) return;
    const job = this.writeWoff2(entry)
      .catch((error: unknown) => console.warn(`子集 ${entry.hash} 的 WOFF2 生成失败`, error))
      .finally(() => this.woff2Jobs.delete(entry.hash));
    this.woff2Jobs.set(entry.hash, job);
  }

  private async writeWoff2(entry: SubsetEntry): Promise<void> {
    await this.writes.get(entry.hash);
    await this.evictions.get(entry.hash);
    if (!this.usage.has(entry.hash)) return; // evicted since it was handed out
    const sfntFile = await this.locate(entry.hash, entry.sfntFormat);
    const sfnt = sfntFile && (await readBundledFile(sfntFile));
    if (!sfnt) throw new Error("子集文件已不在磁盘上");
    const woff2 = await encodeWoff2(sfnt);
    await this.writer.write([{ path: this.pathOf(this.fileName(entry, "woff2")), bytes: woff2 }]);
    entry.hasWoff2 = true;
    this.usage.grow(entry.hash, woff2.byteLength);
    this.evictOverBudget();
  }

  /** The entry in the subset's bundle; null when that is absent or incomplete (it is then made again). */
  private async readEntry(hash: string): Promise<SubsetEntry | null> {
    const bundle = await readBundle<StoredEntry>(this.pathOf(bundleName(hash)));
    if (bundle?.entry.hash !== hash) return null;
    const woff2 = await stat(this.pathOf(`${hash}.woff2`)).catch(() => null);
    return { ...bundle.entry, hasWoff2: Boolean(woff2?.isFile()) };
  }

  private evictOverBudget(): void {
    const inUse = (hash: string) =>
      this.inFlight.has(hash) || this.writes.has(hash) || this.woff2Jobs.has(hash) || this.serving.has(hash);
    for (const hash of this.usage.overBudget(inUse)) {
      this.index.delete(hash);
      for (const format of SUBSET_FILE_FORMATS) this.servedFiles.delete(`${hash}.${format}`);
      const deletion = this.deleteFiles(hash).finally(() => this.evictions.delete(hash));
      this.evictions.set(hash, deletion);
    }
  }

  /** Deletes the bundle first, so that a crash midway leaves a WOFF 2.0 without its entry: made again. */
  private async deleteFiles(hash: string): Promise<void> {
    for (const name of subsetFileNames(hash)) {
      await unlink(this.pathOf(name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") console.warn(`子集缓存文件 ${name} 删除失败`, error);
      });
    }
  }

  private async bytesOnDisk(hash: string): Promise<number> {
    const sizes = await Promise.all(
      subsetFileNames(hash).map((name) =>
        stat(this.pathOf(name)).then(
          (stats) => stats.size,
          () => 0,
        ),
      ),
    );
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  private recall(hash: string): SubsetEntry | undefined {
    const entry = this.index.get(hash) ?? this.handedOut.get(hash)?.entry;
    if (entry) this.remember(entry);
    return entry;
  }

  private remember(entry: SubsetEntry): SubsetEntry {
    this.index.delete(entry.hash);
    this.index.set(entry.hash, entry);
    if (this.index.size > this.maxIndexEntries) {
      const oldest = this.index.keys().next().value;
      if (oldest !== undefined) this.index.delete(oldest);
    }
    return entry;
  }

  private pathOf(name: string): string {
    return path.join(this.dir, name);
  }
}

function newEntry(
  hash: string,
  font: FontSourceFile,
  codepoints: readonly number[],
  sfntFormat: FontCoverage["sfntFormat"],
  lacking: number[] | undefined,
): SubsetEntry {
  return {
    hash,
    gno: font.gno,
    fontVersion: font.version,
    codepointCount: codepoints.length,
    createdAt: Date.now(),
    sfntFormat,
    hasWoff2: false,
    ...(lacking && { lacking }),
  };
}

/** A subset just made: its entry, its bundle, and its files (the sfnt within the bundle) by format. */
type NewSubset = {
  entry: SubsetEntry;
  bundle: Uint8Array;
  files: Map<SubsetFileFormat, Uint8Array>;
  /** How many times a file of it was asked for while in memory only. */
  filesServed: number;
};

/** The bytes a new subset holds in memory: its bundle, and its WOFF, which is kept apart to be served. */
function memoryBytes(subset: NewSubset): number {
  return subset.bundle.byteLength + subset.files.get("woff")!.byteLength;
}

/** An entry as its bundle keeps it: whether the subset has its WOFF 2.0 is read from the disk. */
type StoredEntry = Omit<SubsetEntry, "hasWoff2">;

function storedEntry({ hasWoff2: _hasWoff2, ...entry }: SubsetEntry): StoredEntry {
  return entry;
}

function bundleName(hash: string): string {
  return `${hash}.subset`;
}

/** The files a subset may have on disk: its bundle, then its WOFF 2.0 (deleted in this order). */
function subsetFileNames(hash: string): string[] {
  return [bundleName(hash), `${hash}.woff2`];
}

function isCff(sfnt: Uint8Array): boolean {
  return sfnt.byteLength >= 4 && viewOf(sfnt).getUint32(0) === SFNT_FLAVOR_CFF;
}
