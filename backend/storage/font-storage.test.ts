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
});
