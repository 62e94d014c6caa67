import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SubsetCache } from "./subset-cache.js";
import { normalizeCodepoints } from "./subset-key.js";
import { Subsetter } from "./subsetter.js";
import { fontFile, unicodesOf, ZCOOL_KUAILE } from "./testing/fonts.js";
import { decodeWoff } from "./woff.js";

const font = fontFile("10001", ZCOOL_KUAILE);
const codepoints = normalizeCodepoints("快乐的短视频");

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

  it("writes the sfnt, a WOFF and an index entry named by the hash", async () => {
    const entry = await cache.get(font, codepoints);
    expect(entry.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(entry.sfntFormat).toBe("ttf");
    expect(entry.hasWoff2).toBe(false);
    const ttf = readFileSync(path.join(dir, `${entry.hash}.ttf`));
    expect(unicodesOf(ttf)).toEqual(new Set(codepoints));
    expect(decodeWoff(readFileSync(path.join(dir, `${entry.hash}.woff`))).tables.length).toBeGreaterThan(5);
    expect(JSON.parse(readFileSync(path.join(dir, `${entry.hash}.json`), "utf8"))).toEqual(entry);
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
    expect(cache.resolveFile(name)).toEqual({ filePath: path.join(dir, name), contentType: "font/woff" });
    expect(cache.resolveFile(`${"a".repeat(32)}.woff2`)?.contentType).toBe("font/woff2");
    expect(cache.resolveFile(`${"a".repeat(32)}.ttf`)?.contentType).toBe("font/ttf");
    for (const bad of ["../package.json", `${"a".repeat(32)}.json`, `../${"a".repeat(32)}.woff`, "x.woff", ""]) {
      expect(cache.resolveFile(bad)).toBeNull();
    }
    expect(existsSync(dir)).toBe(true);
  });
});
