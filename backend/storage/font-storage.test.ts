import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dataLocation, FontStorage, npmLocation } from "./font-storage.js";

describe("FontStorage", () => {
  const storage = new FontStorage("/srv/data");

  it("resolves a file inside an installed npm package", () => {
    const resolved = storage.resolve(
      npmLocation("@expo-google-fonts/zcool-kuaile/400Regular/ZCOOLKuaiLe_400Regular.ttf"),
    );
    expect(path.isAbsolute(resolved)).toBe(true);
    expect(resolved).toMatch(
      /node_modules\/@expo-google-fonts\/zcool-kuaile\/400Regular\/ZCOOLKuaiLe_400Regular\.ttf$/,
    );
  });

  it("resolves a file under the data directory", () => {
    expect(storage.resolve(dataLocation(path.join("fonts", "a.ttf")))).toBe("/srv/data/fonts/a.ttf");
    expect(storage.decodedFontsDirectory).toBe("/srv/data/fonts");
  });

  it("refuses locations outside the data directory or of an unknown kind", () => {
    expect(() => storage.resolve("data:../etc/passwd")).toThrow();
    expect(() => storage.resolve("/etc/passwd")).toThrow();
  });

  it("finds a stored file with its size, and answers null for one that is missing", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "font-storage-"));
    try {
      const local = new FontStorage(dataDir);
      await fs.mkdir(path.join(dataDir, "fonts"));
      await fs.writeFile(path.join(dataDir, "fonts", "a.ttf"), "12345");
      expect(await local.stat(dataLocation("fonts/a.ttf"))).toMatchObject({
        path: path.join(dataDir, "fonts", "a.ttf"),
        size: 5,
      });
      const installed = await local.stat(
        npmLocation("@expo-google-fonts/zcool-kuaile/400Regular/ZCOOLKuaiLe_400Regular.ttf"),
      );
      expect(installed?.size).toBeGreaterThan(1_000_000);
      for (const missing of [
        dataLocation("fonts/gone.ttf"),
        dataLocation("fonts/a.ttf/inside"),
        dataLocation("fonts"),
        npmLocation("@expo-google-fonts/zcool-kuaile/400Regular/Gone.ttf"),
        npmLocation("no-such-font-package/font.ttf"),
      ]) {
        expect(await local.stat(missing), missing).toBeNull();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
