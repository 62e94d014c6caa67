import express from "express";
import { getOutlineImage, getOutlineLayout, type OutlineScene } from "../../../contract/outlines.js";
import { ApiError } from "../../http/envelope.js";
import type { RateLimiter } from "../../http/rate-limit.js";
import { route } from "../../http/route.js";
import { allowCrossOrigin, consume, subsetErrorHandler } from "../subset-router.js";
import { UnusableFontError } from "../unusable-font.js";
import type { OutlineRenderer } from "./outline-renderer.js";

/** Cost of one image against the client's subset work: 1, its characters, and 1 per 10 000 pixels made. */
const PIXELS_PER_UNIT = 10_000;
/** Images of a font version never change; an hour lets a page's og:image and a studio preview be reused. */
const IMAGE_CACHE_CONTROL = "public, max-age=3600";

export type OutlineRouterOptions = { renderer: OutlineRenderer; rateLimiter: RateLimiter };

/** GET /webfont/outlines/layout and /webfont/outlines/image (contract/outlines.ts). */
export function createOutlineRouter({ renderer, rateLimiter }: OutlineRouterOptions): express.Router {
  const router = express.Router();
  const paths = [getOutlineLayout.path, getOutlineImage.path];
  router.use(paths, allowCrossOrigin);

  route(router, getOutlineLayout, async ({ query }, { req }) => {
    const font = await renderer.font(query.gno);
    await consume(rateLimiter, req, 1 + [...query.text].length);
    return withUsableFont(font.gno, () => renderer.layout(font, query));
  });

  route(router, getOutlineImage, async ({ query: { format, ...scene } }, { req, res }) => {
    const font = await renderer.font(scene.gno);
    const cost = renderer.hasImage(font, scene, format) ? 1 : imageCost(scene);
    await consume(rateLimiter, req, cost);
    const image = await withUsableFont(font.gno, () => renderer.image(font, scene, format));
    res.set({
      "Content-Type": image.contentType,
      "Cache-Control": IMAGE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
      // An SVG opened on its own must not run anything: it never holds scripts, and this says so.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    });
    res.send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
  });

  router.use(paths, subsetErrorHandler);
  return router;
}

function imageCost(scene: OutlineScene): number {
  const width = scene.width ?? 1000;
  const height = scene.height ?? 400;
  const pixels = width * height * (scene.scale / 100) ** 2;
  return 1 + [...scene.text].length + Math.ceil(pixels / PIXELS_PER_UNIT);
}

async function withUsableFont<T>(gno: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UnusableFontError)) throw error;
    throw new ApiError(503, "503", `字体 ${gno} 暂时无法使用：${error.message}`);
  }
}
