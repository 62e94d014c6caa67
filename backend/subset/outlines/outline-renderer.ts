import { renderAsync } from "@resvg/resvg-js";
import type { OutlineLayout, OutlineScene } from "../../../contract/outlines.js";
import { OUTLINE_LIMITS } from "../../../contract/outlines.js";
import { ApiError, badRequest } from "../../http/envelope.js";
import type { FontSource, FontSourceFile } from "../font-source.js";
import { ByteBoundedCache } from "../byte-bounded-cache.js";
import { normalizeCodepoints } from "../subset-key.js";
import { harfBuzzShaper, type ShapedText } from "./harfbuzz-shaper.js";
import { composeScene, type ComposedScene } from "./text-scene.js";

export type OutlineImageFormat = "png" | "svg";
export type OutlineImage = { bytes: Uint8Array; contentType: string };

/** Subsets the font of `font` to `codepoints` with the subset service's loaded faces (sfnt bytes). */
export type SubsetForOutlines = (font: FontSourceFile, codepoints: readonly number[]) => Promise<Uint8Array>;

export type OutlineRendererOptions = {
  fontSource: FontSource;
  subset: SubsetForOutlines;
  /** Images rasterized at once (each on a thread of libuv's pool); default 2. */
  maxRendering?: number;
  /** Images waiting for their turn; one more is refused at once with 503. Default 16. */
  maxWaiting?: number;
  /** Longest wait for a turn before a 503; default 10 s. */
  maxWaitMs?: number;
  /** Bytes of shaped text and of finished images kept for the next identical request; default 8 and 32 MiB. */
  shapedCacheBytes?: number;
  imageCacheBytes?: number;
};

const CONTENT_TYPES: Record<OutlineImageFormat, string> = {
  png: "image/png",
  svg: "image/svg+xml; charset=utf-8",
};
const BUSY_MESSAGE = "图片渲染繁忙，请稍后重试";
/** An image larger than this is made but not kept. */
const MAX_CACHED_IMAGE_BYTES = 4 * 1024 * 1024;

/**
 * Draws text in a catalogue font from its outlines: the font is subset to the text's characters with the
 * subset service's loaded faces, the subset shaped and drawn by HarfBuzz, the scene composed as SVG and
 * rasterized by resvg. Bounded: the scene's own limits (contract/outlines.ts), images rasterized a few at
 * a time with a short queue, and both caches by bytes.
 */
export class OutlineRenderer {
  private readonly shapedCache: ByteBoundedCache<ShapedText>;
  private readonly imageCache: ByteBoundedCache<OutlineImage>;
  private readonly gate: RenderGate;

  constructor(private readonly options: OutlineRendererOptions) {
    this.shapedCache = new ByteBoundedCache(options.shapedCacheBytes ?? 8 * 1024 * 1024);
    this.imageCache = new ByteBoundedCache(options.imageCacheBytes ?? 32 * 1024 * 1024);
    this.gate = new RenderGate(options.maxRendering ?? 2, options.maxWaiting ?? 16, options.maxWaitMs ?? 10_000);
  }

  /** Whether an identical image is kept, so that answering it costs nearly nothing. */
  hasImage(font: FontSourceFile, scene: OutlineScene, format: OutlineImageFormat): boolean {
    return this.imageCache.has(imageKey(font, scene, format));
  }

  /** The font of `gno`, or a 400 naming it. */
  async font(gno: string): Promise<FontSourceFile> {
    const font = await this.options.fontSource(gno);
    if (!font) throw badRequest(`字体 ${gno} 不存在`);
    return font;
  }

  async layout(font: FontSourceFile, scene: OutlineScene): Promise<OutlineLayout> {
    return this.compose(font, scene).then((composed) => composed.layout);
  }

  async image(font: FontSourceFile, scene: OutlineScene, format: OutlineImageFormat): Promise<OutlineImage> {
    const key = imageKey(font, scene, format);
    const kept = this.imageCache.get(key);
    if (kept) return kept;
    const composed = await this.compose(font, scene);
    if (composed.pixelWidth * composed.pixelHeight > OUTLINE_LIMITS.maxPixels) {
      throw badRequest(
        `图片过大（${composed.pixelWidth}×${composed.pixelHeight}），最多 ${OUTLINE_LIMITS.maxPixels} 像素，请减小画面或比例`,
      );
    }
    const bytes =
      format === "svg" ? new TextEncoder().encode(composed.svg) : await this.gate.run(() => rasterize(composed));
    const image = { bytes, contentType: CONTENT_TYPES[format] };
    if (bytes.byteLength <= MAX_CACHED_IMAGE_BYTES) this.imageCache.set(key, image, bytes.byteLength);
    return image;
  }

  private async compose(font: FontSourceFile, scene: OutlineScene): Promise<ComposedScene> {
    const shaped = await this.shape(font, scene.text);
    return composeScene(shaped, scene);
  }

  private async shape(font: FontSourceFile, text: string): Promise<ShapedText> {
    const key = `${fontKey(font)}\n${text}`;
    const kept = this.shapedCache.get(key);
    if (kept) return kept;
    const sfnt = await this.options.subset(font, normalizeCodepoints(text));
    const shaped = (await harfBuzzShaper()).shape(sfnt, text.split("\n"));
    const bytes = shaped.lines.reduce((sum, line) => sum + 2 * line.path.length, 256);
    this.shapedCache.set(key, shaped, bytes);
    return shaped;
  }
}

async function rasterize(composed: ComposedScene): Promise<Uint8Array> {
  const rendered = await renderAsync(composed.svg, {
    fitTo: { mode: "width", value: composed.pixelWidth },
    font: { loadSystemFonts: false },
    logLevel: "off",
  });
  return rendered.asPng();
}

function fontKey(font: FontSourceFile): string {
  return `${font.gno}@${font.version}`;
}

function imageKey(font: FontSourceFile, scene: OutlineScene, format: OutlineImageFormat): string {
  return `${fontKey(font)}\n${format}\n${JSON.stringify(scene)}`;
}

/** A few tasks at a time, a short queue behind them, and a bounded wait; beyond either a 503. */
export class RenderGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.turn();
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.maxRunning) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        this.running++;
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(busy());
      }, this.maxWaitMs);
      this.waiting.push(start);
    });
  }
}

function busy(): ApiError {
  return new ApiError(503, "503", BUSY_MESSAGE, { "Retry-After": "5" });
}
