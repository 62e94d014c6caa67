import fs from "node:fs/promises";
import { createRequire } from "node:module";
import wawoff2 from "wawoff2";
import { describe, expect, it } from "vitest";
import type { VariableFont } from "../../contract/variable.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { useServedBackend } from "../testing/served-backend.js";
import { FontStorage } from "../storage/font-storage.js";
import { variableFontLicense } from "./license.js";
import { packageSlices, parseUnicodeRange } from "./package-slices.js";
import { seedVariableFonts } from "./seed.js";
import { formatStoredRanges, parseStoredRanges } from "./stored-ranges.js";
import { readVariationFacts } from "./variation-tables.js";

const requireFromHere = createRequire(import.meta.url);

async function decoded(packageFile: string): Promise<Uint8Array> {
  return new Uint8Array(await wawoff2.decompress(await fs.readFile(requireFromHere.resolve(packageFile))));
}

describe("readVariationFacts", () => {
  it("reads the axes and named instances of fvar, named by STAT", async () => {
    const facts = readVariationFacts(
      await decoded("@fontsource-variable/roboto-flex/files/roboto-flex-latin-full-normal.woff2"),
    );
    expect(facts?.axes.slice(0, 4)).toEqual([
      { tag: "opsz", name: "Optical Size", min: 8, default: 14, max: 144, hidden: false },
      { tag: "wght", name: "Weight", min: 100, default: 400, max: 1000, hidden: false },
      { tag: "GRAD", name: "Grade", min: -200, default: 0, max: 150, hidden: false },
      { tag: "wdth", name: "Width", min: 25, default: 100, max: 151, hidden: false },
    ]);
    expect(facts?.axes.find((axis) => axis.tag === "XTRA")).toMatchObject({ hidden: true, min: 323, max: 603 });
    expect(facts?.instances.find((instance) => instance.name === "Bold")?.coordinates).toMatchObject({
      wght: 700,
      wdth: 100,
    });
  });

  it("answers null for a static font", async () => {
    const staticFont = await fs.readFile(
      requireFromHere.resolve("@expo-google-fonts/zcool-kuaile/400Regular/ZCOOLKuaiLe_400Regular.ttf"),
    );
    expect(readVariationFacts(new Uint8Array(staticFont))).toBeNull();
  });
});

describe("packageSlices", () => {
  it("lists every unicode-range slice of a Chinese variable font with the build keeping all its axes", () => {
    const slices = packageSlices("@fontsource-variable/noto-sans-sc");
    expect(slices.length).toBeGreaterThan(90);
    expect(slices.every((slice) => slice.packageFile.endsWith("-wght-normal.woff2"))).toBe(true);
    const holding = (codepoint: number) =>
      slices.filter((slice) => slice.ranges.some(([first, last]) => codepoint >= first && codepoint <= last));
    expect(holding("的".codePointAt(0)!)).toHaveLength(1);
    expect(packageSlices("@fontsource-variable/recursive")[0]!.packageFile).toMatch(/-full-normal\.woff2$/);
  });

  it("reads CSS unicode-range lists and stores them compactly", () => {
    const ranges = parseUnicodeRange("U+0000-00FF, U+0131,U+4E00-9FFF,nonsense");
    expect(ranges).toEqual([
      [0, 255],
      [305, 305],
      [0x4e00, 0x9fff],
    ]);
    expect(formatStoredRanges(ranges)).toBe("0-ff,131,4e00-9fff");
    expect(parseStoredRanges(formatStoredRanges(ranges))).toEqual(ranges);
  });
});

describe("variableFontLicense", () => {
  it("accepts the OFL address of name ID 14 when the published LICENSE is the OFL", () => {
    const license = variableFontLicense(
      { licenseDescription: null, licenseUrl: "https://openfontlicense.org" },
      "@fontsource-variable/inter",
    );
    expect(license).toMatchObject({ code: "OFL-1.1", commercialUse: true, url: "https://openfontlicense.org" });
    expect(license?.commercialSource).toContain("nameID 14");
  });

  it("refuses a name table that names another license than the LICENSE file", () => {
    expect(
      variableFontLicense(
        { licenseDescription: null, licenseUrl: "https://example.com/proprietary" },
        "@fontsource-variable/inter",
      ),
    ).toBeNull();
    expect(
      variableFontLicense(
        { licenseDescription: "All rights reserved.", licenseUrl: null },
        "@fontsource-variable/not-installed",
      ),
    ).toBeNull();
  });
});

describe.each(TEST_DATABASES)("variable font catalogue on $name", (database) => {
  const served = useServedBackend(database, "variable-catalogue-");

  async function get(pathAndQuery: string) {
    const response = await fetch(`${served.server.origin}${pathAndQuery}`);
    return {
      status: response.status,
      body: (await response.json()) as {
        message: string;
        data: { records: VariableFont[]; total: number; pages: number } | null;
      },
    };
  }

  describe.skipIf(!database.available)("seeded on start", () => {
    it("holds every family with its axes, instances, slices and license; seeding again adds nothing", async () => {
      const { body } = await get("/api/v1/variable/query-list?size=20");
      const fonts = body.data!.records;
      expect(fonts.map((font) => font.gno)).toEqual(["v1", "v2", "v3", "v4", "v5", "v6", "v7"]);
      const sans = fonts[0]!;
      expect(sans).toMatchObject({ familyName: "Noto Sans SC", category: "hei", featured: true });
      expect(sans.axes).toEqual([{ tag: "wght", name: "Weight", min: 100, default: 100, max: 900, hidden: false }]);
      expect(sans.instances.map((instance) => instance.name)).toEqual([
        "Thin",
        "ExtraLight",
        "Light",
        "Regular",
        "Medium",
        "SemiBold",
        "Bold",
        "ExtraBold",
        "Black",
      ]);
      expect(sans.sliceCount).toBeGreaterThan(90);
      expect(sans.license).toMatchObject({ code: "OFL-1.1", commercialLabel: "免费商用" });
      expect(fonts.find((font) => font.gno === "v7")).toMatchObject({ familyName: "Recursive" });
      expect(fonts.find((font) => font.gno === "v7")!.license.commercialSource).toContain("LICENSE");

      expect(await seedVariableFonts(served.backend.db, new FontStorage(served.dataDir))).toEqual([]);
      expect((await get("/api/v1/variable/query-list")).body.data!.total).toBe(7);
    });

    it("pages and filters by axis and category", async () => {
      const second = await get("/api/v1/variable/query-list?size=3&current=2");
      expect(second.body.data).toMatchObject({ total: 7, pages: 3 });
      expect(second.body.data!.records.map((font) => font.gno)).toEqual(["v4", "v5", "v6"]);
      const slanted = await get("/api/v1/variable/query-list?axis=slnt");
      expect(slanted.body.data!.records.map((font) => font.gno)).toEqual(["v6", "v7"]);
      const song = await get("/api/v1/variable/query-list?category=song&axis=wght");
      expect(song.body.data!.records.map((font) => font.gno)).toEqual(["v2"]);
      expect((await get("/api/v1/variable/query-list?category=all")).body.data!.total).toBe(7);
      const refused = await get("/api/v1/variable/query-list?axis=weight");
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain("axis");
    });
  });
});
