import fs from "node:fs/promises";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import wawoff2 from "wawoff2";
import { CHARSETS, charsetCoverage } from "./charsets.js";
import { FAMILY_SEEDS } from "./families.js";
import { readFontFacts } from "./font-reader.js";
import { classifyLicense } from "./license.js";

const require = createRequire(import.meta.url);
const readPackageFile = (packageFile: string) => fs.readFile(require.resolve(packageFile));

describe("readFontFacts on the real font files", () => {
  it("reads the names, weight, glyph count and cmap of Noto Sans SC Bold", async () => {
    const facts = readFontFacts(
      await readPackageFile("@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf"),
    );
    expect(facts).toMatchObject({
      familyName: "Noto Sans SC",
      styleName: "Bold",
      fullName: "Noto Sans SC Bold",
      weight: 700,
      foundry: "Adobe",
      outlines: "glyf",
      licenseUrl: "http://scripts.sil.org/OFL",
    });
    expect(facts.version).toMatch(/^Version 2\./);
    expect(facts.copyright).toContain("Adobe");
    expect(facts.designer).toContain("Ryoko NISHIZUKA");
    expect(facts.glyphCount).toBeGreaterThan(30_000);
    expect(facts.codepoints.length).toBeGreaterThan(30_000);
    expect([...facts.codepoints]).toEqual([...facts.codepoints].sort((a, b) => a - b));
    const gb2312 = charsetCoverage(new Set(facts.codepoints)).find((entry) => entry.code === "GB2312")!;
    expect(gb2312.covered).toBe(6763);
  });

  it("takes the weight from the style name when OS/2 says otherwise (Noto Thin is class 250)", async () => {
    const facts = readFontFacts(
      await readPackageFile("@expo-google-fonts/noto-sans-sc/100Thin/NotoSansSC_100Thin.ttf"),
    );
    expect(facts).toMatchObject({ familyName: "Noto Sans SC", styleName: "Thin", weight: 100 });
  });

  it("names the weight of a WOFF2-published font whose subfamily says Regular", async () => {
    const woff2 = await readPackageFile("@fontsource/lxgw-wenkai/files/lxgw-wenkai-latin-300-normal.woff2");
    const facts = readFontFacts(await wawoff2.decompress(woff2));
    expect(facts).toMatchObject({ styleName: "Light", weight: 300, outlines: "glyf" });
  });

  it("reads designer and foundry of ZCOOL KuaiLe, and a missing copyright as null", async () => {
    const kuaile = readFontFacts(
      await readPackageFile("@expo-google-fonts/zcool-kuaile/400Regular/ZCOOLKuaiLe_400Regular.ttf"),
    );
    expect(kuaile).toMatchObject({ familyName: "ZCOOL KuaiLe", designer: "Lui Bingke", foundry: "ZCOOL", weight: 400 });
    const cactus = readFontFacts(
      await readPackageFile("@expo-google-fonts/cactus-classical-serif/400Regular/CactusClassicalSerif_400Regular.ttf"),
    );
    expect(cactus.copyright).toBeNull();
  });

  it("finds every TrueType catalogue file licensed under the OFL", async () => {
    for (const family of FAMILY_SEEDS) {
      const source = family.files[0]!;
      if (source.format !== "ttf") continue;
      const facts = readFontFacts(await readPackageFile(source.packageFile));
      expect(facts.outlines, source.packageFile).toBe("glyf");
      expect(classifyLicense(facts.licenseDescription, facts.licenseUrl)?.code, source.packageFile).toBe("OFL-1.1");
    }
    expect(CHARSETS.length).toBeGreaterThan(2);
  });
});
