import fs from "node:fs/promises";
import { createRequire } from "node:module";
import * as hb from "harfbuzzjs";
import wawoff2 from "wawoff2";
import { describe, expect, it } from "vitest";
import type { VariableSubsetItem } from "../../contract/variable.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { useServedSubsetService } from "./testing/served-subset.js";
import { sfntFromWoff } from "./testing/fonts.js";
import { readVariableSliceGno, variableSliceGno } from "./variable-font-source.js";
import { unicodeRangeOf } from "./variable-subset.js";

const requireFromHere = createRequire(import.meta.url);

/** The tables that make a TrueType-flavoured font variable; a subset that drops one is no longer the same font. */
const VARIATION_TABLES = ["fvar", "gvar", "HVAR", "STAT", "avar"];

type Axes = Record<string, { min: number; default: number; max: number }>;

function axesOf(sfnt: Uint8Array): Axes {
  const infos = new hb.Face(new hb.Blob(sfnt)).getAxisInfos();
  return Object.fromEntries(
    Object.entries(infos).map(([tag, info]) => [tag, { min: info.min, default: info.default, max: info.max }]),
  );
}

function tablesOf(sfnt: Uint8Array): string[] {
  const face = new hb.Face(new hb.Blob(sfnt));
  return VARIATION_TABLES.filter((tag) => face.referenceTable(tag));
}

function unicodesOf(sfnt: Uint8Array): Set<number> {
  return new Set(new hb.Face(new hb.Blob(sfnt)).collectUnicodes());
}

/** The outline of the glyph `character` maps to, drawn at `coordinates`. */
function outlineAt(sfnt: Uint8Array, character: string, coordinates: Record<string, number>): string {
  const font = new hb.Font(new hb.Face(new hb.Blob(sfnt)));
  font.setVariations(Object.entries(coordinates).map(([tag, value]) => new hb.Variation(tag, value)));
  const buffer = new hb.Buffer();
  buffer.addText(character);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  return font.glyphToPath(buffer.getGlyphInfos()[0]!.codepoint);
}

async function publishedSlice(packageFile: string): Promise<Uint8Array> {
  return new Uint8Array(await wawoff2.decompress(await fs.readFile(requireFromHere.resolve(packageFile))));
}

function first(unicodeRange: string): number {
  return parseInt(unicodeRange.slice(2).split(/[-,]/)[0]!, 16);
}

describe("a slice file's gno", () => {
  it("names the variable font and the slice, and is read back; a catalogue number is not one", () => {
    expect(variableSliceGno("v1", "latin-ext")).toBe("v1-latin-ext");
    expect(readVariableSliceGno(variableSliceGno("v12", "119"))).toEqual({ fontGno: "v12", sliceKey: "119" });
    expect(readVariableSliceGno("v1-latin-ext")).toEqual({ fontGno: "v1", sliceKey: "latin-ext" });
    for (const gno of ["10004", "v1", "x1-2"]) expect(readVariableSliceGno(gno), gno).toBeNull();
  });
});

describe("unicodeRangeOf", () => {
  it("joins consecutive code points into CSS ranges", () => {
    expect(unicodeRangeOf([0x4e8d, 0x4e00, 0x4e8c, 0x41])).toBe("U+41,U+4E00,U+4E8C-4E8D");
  });
});

describe.each(TEST_DATABASES)("variable subsets on $name", (database) => {
  const served = useServedSubsetService(database, "variable-subset-");

  async function post(body: unknown) {
    const response = await fetch(`${served.server.origin}/subset/web-variable-font`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { code: string; message: string; data: VariableSubsetItem[] | null },
    };
  }

  async function sfntAt(filePath: string): Promise<Uint8Array> {
    const response = await fetch(`${served.server.origin}${filePath}`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const signature = new TextDecoder().decode(bytes.subarray(0, 4));
    if (signature === "wOF2") return new Uint8Array(await wawoff2.decompress(bytes));
    if (signature === "wOFF") return sfntFromWoff(bytes);
    return bytes;
  }

  describe.skipIf(!database.available)("with the seeded variable fonts", () => {
    it("keeps the source's axes and variation tables, and covers a text spread over several slices", async () => {
      // Common, less common and rare characters of Noto Sans SC fall in different slices.
      const text = "的一是可变字体龘靐";
      const { status, body } = await post([{ gno: "v1", text }]);
      expect(status).toBe(200);
      const [item] = body.data!;
      expect(item!.gno).toBe("v1");
      expect(item!.missing).toBe("");
      expect(item!.files.length).toBeGreaterThan(1);

      const source = await publishedSlice("@fontsource-variable/noto-sans-sc/files/noto-sans-sc-119-wght-normal.woff2");
      const sourceAxes = axesOf(source);
      expect(Object.keys(sourceAxes)).toEqual(["wght"]);
      expect(item!.axes.map(({ tag, min, default: value, max }) => [tag, min, value, max])).toEqual(
        Object.entries(sourceAxes).map(([tag, axis]) => [tag, axis.min, axis.default, axis.max]),
      );

      const covered = new Set<number>();
      for (const file of item!.files) {
        const sfnt = await sfntAt(file.ttfPath);
        expect(axesOf(sfnt)).toEqual(sourceAxes);
        expect(tablesOf(sfnt)).toEqual(VARIATION_TABLES);
        const unicodes = unicodesOf(sfnt);
        const declared = file.unicodeRange.split(",");
        for (const range of declared) {
          const [first, last] = range
            .slice(2)
            .split("-")
            .map((hex) => parseInt(hex, 16));
          for (let codepoint = first!; codepoint <= (last ?? first!); codepoint++) {
            expect(unicodes.has(codepoint), `U+${codepoint.toString(16)} in ${file.ttfPath}`).toBe(true);
            covered.add(codepoint);
          }
        }
        // Still variable: a glyph is drawn differently at the heaviest weight than at the lightest.
        const sample = String.fromCodePoint(first(file.unicodeRange));
        expect(outlineAt(sfnt, sample, { wght: 900 })).not.toBe(outlineAt(sfnt, sample, { wght: 100 }));
      }
      expect([...covered].sort((a, b) => a - b)).toEqual(
        [...new Set([...text].map((character) => character.codePointAt(0)!))].sort((a, b) => a - b),
      );
    });

    it("keeps every axis of a many-axis Latin font and of a mixed title's parts", async () => {
      const { status, body } = await post([
        { gno: "v6", text: "Flex 2026" },
        { gno: "v7", text: "Mono" },
      ]);
      expect(status).toBe(200);
      for (const [item, packageFile] of [
        [body.data![0]!, "@fontsource-variable/roboto-flex/files/roboto-flex-latin-full-normal.woff2"],
        [body.data![1]!, "@fontsource-variable/recursive/files/recursive-latin-full-normal.woff2"],
      ] as const) {
        const sourceAxes = axesOf(await publishedSlice(packageFile));
        expect(item.files).toHaveLength(1);
        const sfnt = await sfntAt(item.files[0]!.ttfPath);
        expect(axesOf(sfnt)).toEqual(sourceAxes);
        expect(item.axes.map((axis) => axis.tag)).toEqual(Object.keys(sourceAxes));
        for (const character of item.text) expect(unicodesOf(sfnt).has(character.codePointAt(0)!)).toBe(true);
      }
    });

    it("names the characters no slice holds and refuses unknown fonts", async () => {
      const { body } = await post([{ gno: "v5", text: "Ab字" }]);
      expect(body.data![0]!.missing).toBe("字");
      expect(body.data![0]!.files.map((file) => file.unicodeRange)).toEqual(["U+41,U+62"]);

      const unknown = await post([{ gno: "v999", text: "字" }]);
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toContain("v999");
      const staticGno = await post([{ gno: "10001", text: "字" }]);
      expect(staticGno.status).toBe(400);
    });

    it("answers the same files for the same text, from the cache", async () => {
      const first = await post([{ gno: "v2", text: "宋体之美" }]);
      const second = await post([{ gno: "v2", text: "美之体宋" }]);
      expect(second.body.data![0]!.familyName).toBe(first.body.data![0]!.familyName);
      expect(second.body.data![0]!.files.map((file) => file.ttfPath)).toEqual(
        first.body.data![0]!.files.map((file) => file.ttfPath),
      );
    });
  });
});
