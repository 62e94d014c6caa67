import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FileWriter } from "./file-writer.js";
import { readBundle, readBundledFile } from "./subset-bundle.js";
import { SubsetCache, type SubsetFileFormat } from "./subset-cache.js";
import { normalizeCodepoints } from "./subset-key.js";
import { LocalSubsetRecipes, type SubsetRecipe, type SubsetRecipes } from "./subset-recipes.js";
import { Subsetter } from "./subsetter.js";
import { fontFile, unicodesOf, ZCOOL_KUAILE } from "./testing/fonts.js";
import { UnusableFontError } from "./unusable-font.js";
import { decodeWoff } from "./woff.js";

const font = fontFile("10001", ZCOOL_KUAILE);
const codepoints = normalizeCodepoints("快乐的短视频");

/** File `format` of the subset `hash` as `cache` finds it on disk; null when it is not there. */
async function fileOnDisk(cache: SubsetCache, hash: string, format: SubsetFileFormat): Promise<Uint8Array | null> {
  const file = await cache.locate(hash, format);
  return file && readBundledFile(file);
}

/** File `format` of the subset `hash` as `cache` answers it from memory; undefined when it would not. */
async function servedBytes(cache: SubsetCache, hash: string, format: SubsetFileFormat) {
  const served = await cache.fileToServe(hash, format);
  return served && "bytes" in served ? served.bytes : undefined;
}

describe("SubsetCache", () => {
  let dir: string;
  let subsetter: Subsetter;
  let cache: SubsetCache;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "subset-cache-"));
    subsetter = await Subsetter.create({ memoryBudgetBytes: 64 * 1024 * 1024 });
    cache = await SubsetCache.open({ dir, subsetter });
  });
  afterEach(async () => {
    await cache.close();
    await subsetter.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes the sfnt, a WOFF and the entry in one file named by the hash", async () => {
    const entry = await cache.get(font, codepoints);
    expect(entry.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(entry.sfntFormat).toBe("ttf");
    expect(entry.hasWoff2).toBe(false);
    expect(readdirSync(dir)).toEqual([`${entry.hash}.subset`]);
    expect(unicodesOf((await fileOnDisk(cache, entry.hash, "ttf"))!)).toEqual(new Set(codepoints));
    expect(decodeWoff((await fileOnDisk(cache, entry.hash, "woff"))!).tables.length).toBeGreaterThan(5);
    const { hasWoff2: _hasWoff2, ...stored } = entry;
    expect((await readBundle(path.join(dir, `${entry.hash}.subset`)))?.entry).toEqual(stored);
    expect(await cache.locate(entry.hash, "otf")).toBeNull(); // not the kind of sfnt this subset is
    expect(await cache.locate(entry.hash, "woff2")).toBeNull(); // not made yet
  });

  it("shares one job between identical concurrent requests", async () => {
    const subset = vi.spyOn(subsetter, "subset");
    const [first, second] = await Promise.all([cache.get(font, codepoints), cache.get(font, codepoints)]);
    expect(second).toBe(first);
    expect(subset).toHaveBeenCalledTimes(1);
  });

  it("returns the same entry (same createdAt) on a hit, and adds a WOFF2 then", async () => {
    const first = await cache.get(font, codepoints);
    const subset = vi.spyOn(subsetter, "subset");
    const again = await cache.get(font, codepoints);
    expect(again.createdAt).toBe(first.createdAt);
    expect(subset).not.toHaveBeenCalled();
    await cache.close(); // waits for the background WOFF2
    expect(again.hasWoff2).toBe(true);
    expect(String.fromCharCode(...readFileSync(path.join(dir, `${first.hash}.woff2`)).subarray(0, 4))).toBe("wOF2");
    const reopened = await SubsetCache.open({ dir, subsetter });
    expect(await reopened.get(font, codepoints)).toEqual(again);
    await reopened.close();
  });

  it("finds entries on disk after a restart", async () => {
    const first = await cache.get(font, codepoints);
    const reopened = await SubsetCache.open({ dir, subsetter });
    const subset = vi.spyOn(subsetter, "subset");
    const again = await reopened.get(font, codepoints);
    expect(again).toEqual({ ...first, hasWoff2: false });
    expect(subset).not.toHaveBeenCalled();
    await reopened.close();
  });

  it("keys by font version and by the set of characters", async () => {
    const first = await cache.get(font, codepoints);
    expect((await cache.get(font, normalizeCodepoints("频视短的乐快快"))).hash).toBe(first.hash);
    expect((await cache.get({ ...font, version: "2" }, codepoints)).hash).not.toBe(first.hash);
    expect((await cache.get(font, normalizeCodepoints("快乐"))).hash).not.toBe(first.hash);
  });

  it("resolves only its own file names", () => {
    const name = `${"a".repeat(32)}.woff`;
    expect(cache.resolveFile(name)).toEqual({
      contentType: "font/woff",
      hash: "a".repeat(32),
      format: "woff",
    });
    expect(cache.resolveFile(`${"a".repeat(32)}.woff2`)?.contentType).toBe("font/woff2");
    expect(cache.resolveFile(`${"a".repeat(32)}.ttf`)?.contentType).toBe("font/ttf");
    const bad = ["../package.json", `${"a".repeat(32)}.json`, `${"a".repeat(32)}.subset`, `../${"a".repeat(32)}.woff`];
    for (const name of [...bad, "x.woff", ""]) {
      expect(cache.resolveFile(name)).toBeNull();
    }
    expect(existsSync(dir)).toBe(true);
  });

  describe("answering before writing", () => {
    it("hands out a new subset's entry at once and its files once written() settles", async () => {
      const entry = await cache.prepare(font, codepoints);
      expect(cache.has(font, codepoints)).toBe(true);
      expect(await cache.prepare(font, codepoints)).toBe(entry);
      expect(await cache.locate(entry.hash, "woff")).toBeNull(); // not written yet
      await cache.written(entry.hash);
      expect(unicodesOf((await fileOnDisk(cache, entry.hash, "ttf"))!)).toEqual(new Set(codepoints));
      expect(decodeWoff((await fileOnDisk(cache, entry.hash, "woff"))!).tables.length).toBeGreaterThan(5);
    });

    it("holds a new subset's files in memory, its sfnt and WOFF made together, until they are written", async () => {
      const entry = await cache.prepare(font, codepoints);
      const ttf = cache.unwrittenFile(entry.hash, "ttf");
      expect(unicodesOf(ttf!)).toEqual(new Set(codepoints));
      const woff = cache.unwrittenFile(entry.hash, "woff");
      expect(decodeWoff(woff!).tables.length).toBeGreaterThan(5);
      await cache.written(entry.hash);
      expect(cache.unwrittenFile(entry.hash, "ttf")).toBeUndefined();
      expect(cache.unwrittenFile(entry.hash, "woff")).toBeUndefined();
      expect(new Uint8Array((await fileOnDisk(cache, entry.hash, "ttf"))!)).toEqual(ttf);
      expect(new Uint8Array((await fileOnDisk(cache, entry.hash, "woff"))!)).toEqual(woff);
    });

    it("serves a new subset's WOFF as soon as it is encoded, before its files reach the disk", async () => {
      const entry = await cache.prepare(font, codepoints);
      const woff = await servedBytes(cache, entry.hash, "woff");
      expect(decodeWoff(woff!).tables.length).toBeGreaterThan(5);
      expect(cache.unwrittenFile(entry.hash, "ttf")).toBeDefined(); // still being written
      await cache.written(entry.hash);
      expect(new Uint8Array((await fileOnDisk(cache, entry.hash, "woff"))!)).toEqual(woff);
    });

    it("keeps a new subset's WOFF in memory once written, for the preview that asks for it next", async () => {
      const entry = await cache.get(font, codepoints);
      const written = new Uint8Array((await fileOnDisk(cache, entry.hash, "woff"))!);
      rmSync(path.join(dir, `${entry.hash}.subset`));
      expect(await servedBytes(cache, entry.hash, "woff")).toEqual(written);
    });

    it("forgets a subset whose files could not be written, and makes it again when asked", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const entry = await cache.prepare(font, codepoints);
      rmSync(dir, { recursive: true, force: true }); // before any of its files is written
      await cache.written(entry.hash);
      expect(warn).toHaveBeenCalled();
      expect(cache.has(font, codepoints)).toBe(false);
      expect(cache.diskBytes).toBe(0);

      mkdirSync(dir);
      const subset = vi.spyOn(subsetter, "subset");
      const again = await cache.get(font, codepoints);
      expect(subset).toHaveBeenCalledOnce();
      expect(again.hash).toBe(entry.hash);
      expect(existsSync(path.join(dir, `${entry.hash}.subset`))).toBe(true);
      warn.mockRestore();
    });
  });
});

describe("SubsetCache answering before making", () => {
  let dir: string;
  let subsetter: Subsetter;
  let cache: SubsetCache;
  /** Holds every subset until `release()`. */
  let release: () => void;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "subset-cache-early-"));
    subsetter = await Subsetter.create({ memoryBudgetBytes: 64 * 1024 * 1024 });
    const held = new Promise<void>((resolve) => (release = resolve));
    const make = subsetter.subsetForWeb.bind(subsetter);
    vi.spyOn(subsetter, "subsetForWeb").mockImplementation(async (...args) => {
      await held;
      return make(...args);
    });
    cache = await SubsetCache.open({ dir, subsetter });
  });
  afterEach(async () => {
    release();
    await cache.close();
    await subsetter.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("hands out a new subset before it is made, as it is then made, and its file once it is", async () => {
    const lacking = normalizeCodepoints("龘한");
    const entry = await cache.handOut(
      font,
      [...codepoints, ...lacking].sort((a, b) => a - b),
    );
    expect(entry).toMatchObject({ gno: font.gno, sfntFormat: "ttf", hasWoff2: false, lacking });
    expect(cache.unwrittenFile(entry.hash, "woff")).toBeUndefined(); // not made yet
    const file = cache.makeMissing(entry.hash, "woff").then(() => servedBytes(cache, entry.hash, "woff"));
    release();
    const woff = await file;
    expect(decodeWoff(woff!).tables.length).toBeGreaterThan(5);
    await cache.written(entry.hash);
    expect(readdirSync(dir)).toEqual([]); // handed out once: kept in memory only
    expect(
      await cache.handOut(
        font,
        [...codepoints, ...lacking].sort((a, b) => a - b),
      ),
    ).toBe(entry);
    await cache.written(entry.hash);
    const { hasWoff2: _hasWoff2, ...stored } = entry;
    expect((await readBundle(path.join(dir, `${entry.hash}.subset`)))?.entry).toEqual(stored);
  });

  it("finds no file for a subset handed out that could not be made, and refuses the font's next one", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.mocked(subsetter.subsetForWeb).mockRejectedValueOnce(new UnusableFontError("字体文件已损坏"));
    const entry = await cache.handOut(font, codepoints);
    expect(await cache.makeMissing(entry.hash, "woff")).toBe(false);
    expect(String(warn.mock.calls[0]![0])).toContain(entry.hash);
    vi.mocked(subsetter.subsetForWeb).mockRejectedValueOnce(new UnusableFontError("字体文件已损坏"));
    await expect(cache.handOut(font, normalizeCodepoints("你好"))).rejects.toBeInstanceOf(UnusableFontError);
    warn.mockRestore();
  });

  it("answers a font whose character map cannot be read once its subset is made", async () => {
    const notAFont = path.join(dir, "not-a-font.ttf");
    writeFileSync(notAFont, "这不是字体文件".repeat(100));
    const handedOut = cache.handOut(fontFile("10009", notAFont), codepoints);
    release();
    await expect(handedOut).rejects.toBeInstanceOf(UnusableFontError);
  });
});

describe("SubsetCache's recently served files", () => {
  let dir: string;
  let subsetter: Subsetter;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "subset-served-"));
    subsetter = await Subsetter.create({ memoryBudgetBytes: 64 * 1024 * 1024 });
  });
  afterEach(async () => {
    await subsetter.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a file served once from memory, within the bound on their bytes", async () => {
    const roomy = await SubsetCache.open({ dir, subsetter });
    const entry = await roomy.get(font, codepoints);
    const served = await servedBytes(roomy, entry.hash, "woff");
    expect(Buffer.from(served!).equals((await fileOnDisk(roomy, entry.hash, "woff"))!)).toBe(true);
    rmSync(path.join(dir, `${entry.hash}.subset`));
    expect(await servedBytes(roomy, entry.hash, "woff")).toEqual(served);
    await roomy.close();

    const tiny = await SubsetCache.open({ dir, subsetter, servedFilesBytes: 16 });
    const other = await tiny.get(font, normalizeCodepoints("字体"));
    expect(await servedBytes(tiny, other.hash, "woff")).toBeDefined();
    rmSync(path.join(dir, `${other.hash}.subset`));
    expect(await servedBytes(tiny, other.hash, "woff")).toBeUndefined();
    await tiny.close();
  });
});

describe("SubsetCache keeping a subset handed out in memory until it is asked for again", () => {
  let dir: string;
  let subsetter: Subsetter;
  let cache: SubsetCache;
  const bundles = () => readdirSync(dir).filter((name) => name.endsWith(".subset"));
  const open = (handedOutBytes?: number) =>
    SubsetCache.open({
      dir,
      subsetter,
      handedOutBytes,
      sharing: { recipes: new LocalSubsetRecipes(), findFont: async (gno) => (gno === font.gno ? font : null) },
    });

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "subset-cache-handed-out-"));
    subsetter = await Subsetter.create({ memoryBudgetBytes: 64 * 1024 * 1024 });
    cache = await open();
  });
  afterEach(async () => {
    await cache.close();
    await subsetter.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Hands out the subset of `text` and reads its WOFF, as a page and its preview do. */
  async function previewed(text: string) {
    const entry = await cache.handOut(font, normalizeCodepoints(text));
    expect(await cache.makeMissing(entry.hash, "woff")).toBe(true);
    const woff = await servedBytes(cache, entry.hash, "woff");
    expect(decodeWoff(woff!).tables.length).toBeGreaterThan(5);
    await cache.written(entry.hash);
    return { entry, woff: woff! };
  }

  it("writes nothing for a subset handed out and previewed once", async () => {
    const write = vi.spyOn(FileWriter.prototype, "write");
    const { entry } = await previewed("只看一次的字");
    expect(bundles()).toEqual([]);
    expect(write).not.toHaveBeenCalled();
    expect(cache.diskBytes).toBe(0);
    expect(cache.has(font, normalizeCodepoints("只看一次的字"))).toBe(true);
    expect(await fileOnDisk(cache, entry.hash, "woff")).toBeNull();
    write.mockRestore();
  });

  it("writes it once it is handed out again, and its WOFF 2.0 after", async () => {
    const { entry, woff } = await previewed("再看一次的字");
    expect(await cache.handOut(font, normalizeCodepoints("再看一次的字"))).toBe(entry);
    await cache.written(entry.hash);
    expect(bundles()).toEqual([`${entry.hash}.subset`]);
    expect(new Uint8Array((await fileOnDisk(cache, entry.hash, "woff"))!)).toEqual(woff);
    await expect.poll(() => existsSync(path.join(dir, `${entry.hash}.woff2`))).toBe(true);
  });

  it("writes it once its file is asked for a second time, or its WOFF 2.0 once", async () => {
    const { entry } = await previewed("文件两次");
    expect(bundles()).toEqual([]);
    await servedBytes(cache, entry.hash, "woff");
    await cache.written(entry.hash);
    expect(bundles()).toEqual([`${entry.hash}.subset`]);

    const other = await previewed("另一款字");
    expect(await cache.makeMissing(other.entry.hash, "woff2")).toBe(true);
    expect(bundles().sort()).toEqual([`${entry.hash}.subset`, `${other.entry.hash}.subset`].sort());
    expect(existsSync(path.join(dir, `${other.entry.hash}.woff2`))).toBe(true);
  });

  it("drops the oldest past its bound, and makes a dropped one's file again from its recipe", async () => {
    await cache.close();
    cache = await open(1); // below any subset: each new one drops every other
    const first = await previewed("先来的字");
    const second = await previewed("后来的字");
    expect(bundles()).toEqual([]);
    expect(cache.unwrittenFile(first.entry.hash, "woff")).toBeUndefined();
    expect(cache.unwrittenFile(second.entry.hash, "woff")).toBeDefined();
    const subset = vi.spyOn(subsetter, "subsetForWeb");
    expect(await cache.makeMissing(first.entry.hash, "woff")).toBe(true);
    expect(subset).toHaveBeenCalledOnce();
    expect(await servedBytes(cache, first.entry.hash, "woff")).toEqual(first.woff);
    // A hash no one handed out is still not found.
    expect(await cache.makeMissing("0".repeat(32), "woff")).toBe(false);
  });
});

describe("SubsetCache on two instances sharing recipes", () => {
  const dirs: string[] = [];
  let subsetter: Subsetter;
  let caches: SubsetCache[];
  let shared: Map<string, SubsetRecipe>;

  beforeEach(async () => {
    subsetter = await Subsetter.create({ memoryBudgetBytes: 64 * 1024 * 1024 });
    shared = new Map();
    const recipes: SubsetRecipes = {
      share: async (hash, recipe) => void shared.set(hash, recipe),
      find: async (hash) => shared.get(hash) ?? null,
    };
    const findFont = async (gno: string) => (gno === font.gno ? font : null);
    caches = [];
    for (let instance = 0; instance < 2; instance++) {
      const dir = mkdtempSync(path.join(tmpdir(), "subset-cache-shared-"));
      dirs.push(dir);
      caches.push(await SubsetCache.open({ dir, subsetter, sharing: { recipes, findFont } }));
    }
  });
  afterEach(async () => {
    for (const cache of caches) await cache.close();
    await subsetter.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("makes the files of a subset the other instance handed out, the same bytes, WOFF 2.0 included", async () => {
    const [a, b] = caches as [SubsetCache, SubsetCache];
    const entry = await a.get(font, codepoints);
    expect(shared.get(entry.hash)).toEqual({ gno: font.gno, fontVersion: font.version, codepoints });
    for (const format of ["ttf", "woff", "woff2"] as const) {
      expect(await b.makeMissing(entry.hash, format), format).toBe(true);
      expect(await a.makeMissing(entry.hash, format), format).toBe(true);
      const [fromB, fromA] = await Promise.all([b, a].map((cache) => fileOnDisk(cache, entry.hash, format)));
      expect(Buffer.from(fromB!).equals(fromA!), format).toBe(true);
    }
  });

  it("serves a file asked for while this instance is itself making the same subset", async () => {
    const [a, b] = caches as [SubsetCache, SubsetCache];
    const entry = await a.get(font, codepoints);
    const making = b.prepare(font, codepoints);
    expect(await b.makeMissing(entry.hash, "woff")).toBe(true);
    // As the file route does: the bytes from memory while they are written, else from disk once written.
    const unwritten = b.unwrittenFile(entry.hash, "woff");
    if (!unwritten) await b.written(entry.hash);
    const served = unwritten ?? (await fileOnDisk(b, entry.hash, "woff"))!;
    expect(Buffer.from(served).equals((await fileOnDisk(a, entry.hash, "woff"))!)).toBe(true);
    await making;
  });

  it("finds nothing for a hash no instance shared, or whose font changed since", async () => {
    const [a, b] = caches as [SubsetCache, SubsetCache];
    expect(await b.makeMissing("0".repeat(32), "woff")).toBe(false);
    const entry = await a.get(font, codepoints);
    shared.set(entry.hash, { ...shared.get(entry.hash)!, fontVersion: "an older version" });
    expect(await b.makeMissing(entry.hash, "woff")).toBe(false);
  });
});

describe("SubsetCache within a byte budget", () => {
  let dir: string;
  let subsetter: Subsetter;
  const caches: SubsetCache[] = [];
  /** One character per subset: every entry is about the same size. */
  const characters = [..."一二三四五六七八九十"];

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "subset-cache-budget-"));
    subsetter = await Subsetter.create({ memoryBudgetBytes: 64 * 1024 * 1024 });
  });
  afterEach(async () => {
    for (const cache of caches.splice(0)) await cache.close();
    await subsetter.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(maxBytes: number): Promise<SubsetCache> {
    const cache = await SubsetCache.open({ dir, subsetter, maxBytes });
    caches.push(cache);
    return cache;
  }

  const subsetOf = (cache: SubsetCache, character: string) => cache.get(font, normalizeCodepoints(character));
  const bytesOnDisk = () => readdirSync(dir).reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
  const onDisk = (hash: string) => existsSync(path.join(dir, `${hash}.subset`));

  /** Bytes on disk of one subset with its WOFF2, measured in a cache of its own. */
  async function entryBytes(): Promise<number> {
    const cache = await open(Number.MAX_SAFE_INTEGER);
    await subsetOf(cache, "〇");
    await subsetOf(cache, "〇"); // a repeat adds the WOFF2
    await cache.close();
    const bytes = bytesOnDisk();
    rmSync(dir, { recursive: true, force: true });
    return bytes;
  }

  it("keeps its files within the budget, least recently used out first, and makes an evicted subset again", async () => {
    const budget = Math.floor((await entryBytes()) * 4.5);
    const cache = await open(budget);
    const entries = [];
    for (const character of characters) {
      entries.push(await subsetOf(cache, character));
      await subsetOf(cache, characters[0]!); // the first one stays in use
      await cache.close(); // waits for the background WOFF2 and the deletions
      expect(bytesOnDisk()).toBeLessThanOrEqual(budget);
      expect(cache.diskBytes).toBe(bytesOnDisk());
    }
    expect(onDisk(entries[0]!.hash)).toBe(true);
    // The others went oldest first: some evicted, then the most recent ones kept.
    const kept = entries.slice(1).map((entry) => onDisk(entry.hash));
    const firstKept = kept.indexOf(true);
    expect(firstKept).toBeGreaterThan(0);
    expect(kept.slice(firstKept).every(Boolean)).toBe(true);
    expect(kept.length - firstKept).toBeGreaterThanOrEqual(2);

    const subset = vi.spyOn(subsetter, "subset");
    const again = await subsetOf(cache, characters[1]!);
    expect(subset).toHaveBeenCalledOnce();
    expect(again.hash).toBe(entries[1]!.hash);
    expect(again.createdAt).toBeGreaterThanOrEqual(entries[1]!.createdAt);
    expect(onDisk(again.hash)).toBe(true);
    await cache.close();
    expect(bytesOnDisk()).toBeLessThanOrEqual(budget);
  });

  it("does not evict a subset while one of its files is being served", async () => {
    const budget = Math.floor((await entryBytes()) * 2.5);
    const cache = await open(budget);
    const first = await subsetOf(cache, characters[0]!);
    const release = cache.holdForServing(first.hash);
    for (const character of characters.slice(1, 5)) await subsetOf(cache, character);
    await cache.close();
    expect(onDisk(first.hash)).toBe(true);
    release();
    await subsetOf(cache, characters[5]!);
    await subsetOf(cache, characters[6]!);
    await cache.close();
    expect(onDisk(first.hash)).toBe(false);
    expect(bytesOnDisk()).toBeLessThanOrEqual(budget);
  });

  it("rebuilds its accounting from the directory on start, evicting the least recently written", async () => {
    const roomy = await open(Number.MAX_SAFE_INTEGER);
    const entries = [];
    for (const character of characters.slice(0, 5)) entries.push(await subsetOf(roomy, character));
    await roomy.close();
    // Written in reverse order of creation: the first entry is now the most recent.
    const base = Date.now() / 1000 - 3600;
    entries.forEach((entry, index) => {
      for (const name of readdirSync(dir).filter((name) => name.startsWith(entry.hash))) {
        utimesSync(path.join(dir, name), base - index * 60, base - index * 60);
      }
    });
    const abandoned = path.join(dir, `${entries[0]!.hash}.woff2.0123456789ab.tmp`);
    const writing = path.join(dir, `${entries[1]!.hash}.woff2.ba9876543210.tmp`);
    writeFileSync(abandoned, "x");
    writeFileSync(writing, "x");
    utimesSync(abandoned, base - 86_400, base - 86_400);
    // Files no entry describes: a cache written before subsets were bundled, a WOFF 2.0 left by a crash.
    const unbundled = ["json", "ttf", "woff", "woff2"].map((format) => path.join(dir, `${"b".repeat(32)}.${format}`));
    for (const file of unbundled) writeFileSync(file, "x".repeat(1000));

    const bytesOf = (hash: string) =>
      readdirSync(dir)
        .filter((name) => name.startsWith(`${hash}.`) && !name.endsWith(".tmp"))
        .reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
    // Room for the two most recent subsets, not for a third.
    const budget = bytesOf(entries[0]!.hash) + bytesOf(entries[1]!.hash) + 1;
    const reopened = await open(budget);
    expect(entries.map((entry) => onDisk(entry.hash))).toEqual([true, true, false, false, false]);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(writing)).toBe(true);
    expect(unbundled.filter((file) => existsSync(file))).toEqual([]);
    rmSync(writing);
    expect(bytesOnDisk()).toBeLessThanOrEqual(budget);
    expect(reopened.diskBytes).toBe(bytesOnDisk());
  });
});
