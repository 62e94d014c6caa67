import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The C functions of harfbuzzjs's full `harfbuzz.wasm` (shaping and drawing; the subset build the face
 * cache loads has neither) that the outline renderer calls. Signatures follow hb-buffer.h, hb-font.h,
 * hb-draw.h and hb-shape.h; pointers are offsets into the module's heap.
 */
type HarfBuzzExports = {
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_get_upem(face: number): number;
  hb_font_create(face: number): number;
  hb_font_destroy(font: number): void;
  hb_font_get_h_extents(font: number, extents: number): number;
  hb_font_draw_glyph(font: number, glyph: number, drawFuncs: number, drawData: number): void;
  hb_buffer_create(): number;
  hb_buffer_destroy(buffer: number): void;
  hb_buffer_add_codepoints(buffer: number, text: number, length: number, offset: number, itemLength: number): void;
  hb_buffer_guess_segment_properties(buffer: number): void;
  hb_buffer_get_length(buffer: number): number;
  hb_buffer_get_glyph_infos(buffer: number, length: number): number;
  hb_buffer_get_glyph_positions(buffer: number, length: number): number;
  hb_shape(font: number, buffer: number, features: number, featureCount: number): void;
  hb_draw_funcs_create(): number;
  hb_draw_funcs_set_move_to_func(funcs: number, func: number, userData: number, destroy: number): void;
  hb_draw_funcs_set_line_to_func(funcs: number, func: number, userData: number, destroy: number): void;
  hb_draw_funcs_set_quadratic_to_func(funcs: number, func: number, userData: number, destroy: number): void;
  hb_draw_funcs_set_cubic_to_func(funcs: number, func: number, userData: number, destroy: number): void;
  hb_draw_funcs_set_close_path_func(funcs: number, func: number, userData: number, destroy: number): void;
};

type HarfBuzzModule = {
  wasmExports: HarfBuzzExports;
  HEAPU8: Uint8Array;
  HEAPU32: Uint32Array;
  HEAP32: Int32Array;
  addFunction(func: (...args: number[]) => void, signature: string): number;
};

/** hb_memory_mode_t: HarfBuzz reads the bytes in place and never writes or frees them. */
const HB_MEMORY_MODE_READONLY = 1;
/** hb_glyph_info_t and hb_glyph_position_t are five 32-bit words each. */
const GLYPH_RECORD_WORDS = 5;

/** One shaped line, in font units, y up, its origin at the start of its baseline. */
export type ShapedLine = {
  /** SVG path data of every glyph's outline, each moved to its pen position; "" for a blank line. */
  path: string;
  /** Advance of the whole line. */
  advance: number;
};

export type ShapedText = {
  unitsPerEm: number;
  ascender: number;
  /** Negative below the baseline, as the font states it. */
  descender: number;
  lines: ShapedLine[];
  /** Characters of the text the font has no glyph for (each once, in order of appearance). */
  missing: string[];
};

let loaded: Promise<Shaper> | undefined;

/** The one full HarfBuzz instance of this process, loaded on first use. */
export function harfBuzzShaper(): Promise<Shaper> {
  loaded ??= loadHarfBuzz().then((module) => new Shaper(module));
  return loaded;
}

/**
 * harfbuzzjs's own entry point frees what it creates only when the garbage collector finalizes its
 * wrappers; here every blob, face, font and buffer is destroyed as soon as a call is done, so the heap
 * holds nothing between calls. The package's exports map hides `dist/harfbuzz.js`, so it is imported by
 * its file, found beside the wasm the map does export.
 */
async function loadHarfBuzz(): Promise<HarfBuzzModule> {
  const wasmPath = createRequire(import.meta.url).resolve("harfbuzzjs/dist/harfbuzz.wasm");
  const loader = pathToFileURL(path.join(path.dirname(wasmPath), "harfbuzz.js")).href;
  const { default: createHarfBuzz } = (await import(loader)) as { default: () => Promise<HarfBuzzModule> };
  return createHarfBuzz();
}

/** Shapes text with HarfBuzz and draws each glyph's outline as SVG path data. Calls are synchronous. */
export class Shaper {
  private readonly hb: HarfBuzzExports;
  private readonly drawFuncs: number;
  /** Path commands of the glyph being drawn, and where its pen stands. */
  private commands: string[] = [];
  private penX = 0;
  private penY = 0;

  constructor(private readonly module: HarfBuzzModule) {
    this.hb = module.wasmExports;
    this.drawFuncs = this.createDrawFuncs();
  }

  /**
   * `lines` shaped with the font whose sfnt bytes are `sfnt` (a subset is enough: HarfBuzz's subset
   * keeps the layout rules its characters reach), each glyph's outline in font units.
   */
  shape(sfnt: Uint8Array, lines: readonly string[]): ShapedText {
    const hb = this.hb;
    const fontPointer = hb.malloc(sfnt.byteLength);
    if (!fontPointer) throw new Error("HarfBuzz 内存不足");
    this.module.HEAPU8.set(sfnt, fontPointer);
    const blob = hb.hb_blob_create(fontPointer, sfnt.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
    const face = hb.hb_face_create(blob, 0);
    const font = hb.hb_font_create(face);
    try {
      const missing = new Set<string>();
      const shapedLines = lines.map((line) => this.shapeLine(font, line, missing));
      const [ascender, descender] = this.extents(font);
      return { unitsPerEm: hb.hb_face_get_upem(face), ascender, descender, lines: shapedLines, missing: [...missing] };
    } finally {
      hb.hb_font_destroy(font);
      hb.hb_face_destroy(face);
      hb.hb_blob_destroy(blob);
      hb.free(fontPointer);
    }
  }

  private shapeLine(font: number, line: string, missing: Set<string>): ShapedLine {
    const hb = this.hb;
    const characters = [...line];
    const buffer = hb.hb_buffer_create();
    const textPointer = hb.malloc(Math.max(1, characters.length) * 4);
    try {
      characters.forEach((character, index) => {
        this.module.HEAPU32[textPointer / 4 + index] = character.codePointAt(0) ?? 0;
      });
      hb.hb_buffer_add_codepoints(buffer, textPointer, characters.length, 0, characters.length);
      hb.hb_buffer_guess_segment_properties(buffer);
      hb.hb_shape(font, buffer, 0, 0);
      const length = hb.hb_buffer_get_length(buffer);
      const infos = hb.hb_buffer_get_glyph_infos(buffer, 0) / 4;
      const positions = hb.hb_buffer_get_glyph_positions(buffer, 0) / 4;
      const paths: string[] = [];
      let x = 0;
      let y = 0;
      for (let index = 0; index < length; index++) {
        const info = infos + index * GLYPH_RECORD_WORDS;
        const position = positions + index * GLYPH_RECORD_WORDS;
        const glyph = this.module.HEAPU32[info]!;
        const cluster = this.module.HEAPU32[info + 2]!;
        const [xAdvance, yAdvance, xOffset, yOffset] = this.module.HEAP32.subarray(position, position + 4);
        if (glyph === 0) {
          const character = characters[cluster];
          if (character && !/\s/u.test(character)) missing.add(character);
        } else {
          paths.push(this.draw(font, glyph, x + xOffset!, y + yOffset!));
        }
        x += xAdvance!;
        y += yAdvance!;
      }
      return { path: paths.join(""), advance: x };
    } finally {
      hb.free(textPointer);
      hb.hb_buffer_destroy(buffer);
    }
  }

  /** The font's ascender and descender (hb_font_extents_t starts with them). */
  private extents(font: number): [number, number] {
    const pointer = this.hb.malloc(12 * 4);
    try {
      this.hb.hb_font_get_h_extents(font, pointer);
      return [this.module.HEAP32[pointer / 4]!, this.module.HEAP32[pointer / 4 + 1]!];
    } finally {
      this.hb.free(pointer);
    }
  }

  private draw(font: number, glyph: number, x: number, y: number): string {
    this.commands = [];
    this.penX = x;
    this.penY = y;
    this.hb.hb_font_draw_glyph(font, glyph, this.drawFuncs, 0);
    return this.commands.join("");
  }

  private createDrawFuncs(): number {
    const hb = this.hb;
    const funcs = hb.hb_draw_funcs_create();
    const point = (x: number, y: number) => `${round(x + this.penX)} ${round(y + this.penY)}`;
    const add = (func: (...args: number[]) => void, signature: string) => this.module.addFunction(func, signature);
    // Each callback gets (funcs, drawData, drawState, …coordinates, userData).
    hb.hb_draw_funcs_set_move_to_func(
      funcs,
      add((_f, _d, _s, x, y) => this.commands.push(`M${point(x!, y!)}`), "viiiffi"),
      0,
      0,
    );
    hb.hb_draw_funcs_set_line_to_func(
      funcs,
      add((_f, _d, _s, x, y) => this.commands.push(`L${point(x!, y!)}`), "viiiffi"),
      0,
      0,
    );
    hb.hb_draw_funcs_set_quadratic_to_func(
      funcs,
      add((_f, _d, _s, cx, cy, x, y) => this.commands.push(`Q${point(cx!, cy!)} ${point(x!, y!)}`), "viiiffffi"),
      0,
      0,
    );
    hb.hb_draw_funcs_set_cubic_to_func(
      funcs,
      add(
        (_f, _d, _s, c1x, c1y, c2x, c2y, x, y) =>
          this.commands.push(`C${point(c1x!, c1y!)} ${point(c2x!, c2y!)} ${point(x!, y!)}`),
        "viiiffffffi",
      ),
      0,
      0,
    );
    hb.hb_draw_funcs_set_close_path_func(
      funcs,
      add(() => this.commands.push("Z"), "viiii"),
      0,
      0,
    );
    return funcs;
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
