import type { OutlineLayout, OutlineScene } from "../../../contract/outlines.js";
import type { ShapedText } from "./harfbuzz-shaper.js";

/** Room left on each side of a given frame before text is made smaller to fit: 4 % of its width. */
const FIT_MARGIN = 0.04;
/** Around the text when the frame is the text's own box, in ems. */
const OWN_FRAME_MARGIN_EM = 0.25;
/** The bar reaches this far beyond the text, in ems: across, then up and down. */
const BAR_PAD_X_EM = 0.35;
const BAR_PAD_Y_EM = 0.12;

export type ComposedScene = {
  svg: string;
  layout: OutlineLayout;
  /** Size of the image the SVG renders to: the frame at the scene's scale. */
  pixelWidth: number;
  pixelHeight: number;
};

type Box = { x: number; y: number; width: number; height: number };

/**
 * The scene as an SVG document whose text is the shaped outlines, and where it lands. Paths stay in
 * font units (each line placed by a transform), so stroke widths are divided by the line's scale.
 */
export function composeScene(shaped: ShapedText, scene: OutlineScene): ComposedScene {
  const inkSize = fittedSize(shaped, scene);
  const block = textBlock(shaped, scene, inkSize);
  const width = scene.width ?? Math.ceil(block.inkBox.width + 2 * OWN_FRAME_MARGIN_EM * scene.size);
  const height = scene.height ?? Math.ceil(block.inkBox.height + 2 * OWN_FRAME_MARGIN_EM * scene.size);
  const centreX = (width * scene.x) / 1000;
  const centreY = (height * scene.y) / 1000;
  // The block's own box is centred on (0, 0); this moves it to the chosen centre.
  const dx = centreX;
  const dy = centreY;
  const k = inkSize / shaped.unitsPerEm;

  const defs: string[] = [];
  const body: string[] = [];
  if (scene.background) body.push(`<rect width="${width}" height="${height}" fill="${scene.background}"/>`);
  if (scene.bar && block.hasInk) {
    const bar = shift(block.barBox, dx, dy);
    body.push(
      `<rect x="${n(bar.x)}" y="${n(bar.y)}" width="${n(bar.width)}" height="${n(bar.height)}" rx="${n(inkSize * 0.12)}" fill="${scene.bar}"/>`,
    );
  }
  shaped.lines.forEach((line, index) => {
    const x = dx + block.lineX[index]!;
    const y = dy + block.baselines[index]!;
    defs.push(
      `<path id="line${index}" transform="matrix(${n(k, 5)} 0 0 ${n(-k, 5)} ${n(x)} ${n(y)})" d="${line.path}"/>`,
    );
  });
  const lines = shaped.lines.map((_line, index) => `<use xlink:href="#line${index}"/>`).join("");
  const inFontUnits = (pixels: number) => n(pixels / k, 2);
  if (scene.shadow && (scene.shadowX || scene.shadowY || scene.shadowBlur)) {
    const filter = scene.shadowBlur ? ` filter="url(#shadowBlur)"` : "";
    if (scene.shadowBlur) {
      defs.push(
        `<filter id="shadowBlur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(scene.shadowBlur / 2)}"/></filter>`,
      );
    }
    const spread = strokeReach(scene);
    const outline = spread > 0 ? ` stroke="${scene.shadow}" stroke-width="${inFontUnits(2 * spread)}"` : "";
    body.push(
      `<g transform="translate(${scene.shadowX} ${scene.shadowY})"${filter}><g fill="${scene.shadow}"${outline} stroke-linejoin="round">${lines}</g></g>`,
    );
  }
  if (scene.outerStroke && scene.outerStrokeWidth > 0) {
    const reach = scene.strokeWidth + scene.outerStrokeWidth;
    body.push(
      `<g fill="${scene.outerStroke}" stroke="${scene.outerStroke}" stroke-width="${inFontUnits(2 * reach)}" stroke-linejoin="round">${lines}</g>`,
    );
  }
  if (scene.stroke && scene.strokeWidth > 0) {
    body.push(
      `<g fill="${scene.stroke}" stroke="${scene.stroke}" stroke-width="${inFontUnits(2 * scene.strokeWidth)}" stroke-linejoin="round">${lines}</g>`,
    );
  }
  let fill = scene.color;
  if (scene.gradient) {
    // Paths are flipped (font units grow upwards), so the gradient runs from y2 = 1 down to 0 on screen.
    defs.push(
      `<linearGradient id="fill" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${scene.color}"/><stop offset="1" stop-color="${scene.gradient}"/></linearGradient>`,
    );
    fill = "url(#fill)";
  }
  body.push(`<g fill="${fill}">${lines}</g>`);
  for (const guide of scene.guides) {
    const box = {
      x: (guide.x * width) / 1000,
      y: (guide.y * height) / 1000,
      width: (guide.width * width) / 1000,
      height: (guide.height * height) / 1000,
    };
    const strokeWidth = Math.max(2, Math.round(Math.min(width, height) / 270));
    body.push(
      `<rect x="${n(box.x)}" y="${n(box.y)}" width="${n(box.width)}" height="${n(box.height)}" fill="${guide.color}" fill-opacity="0.28" stroke="${guide.color}" stroke-width="${strokeWidth}" stroke-dasharray="${strokeWidth * 4} ${strokeWidth * 3}"/>`,
    );
  }

  const pixelWidth = Math.max(1, Math.round((width * scene.scale) / 100));
  const pixelHeight = Math.max(1, Math.round((height * scene.scale) / 100));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${pixelWidth}" height="${pixelHeight}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs.join("")}</defs>${body.join("")}</svg>`;
  const box = block.hasInk ? roundBox(shift(block.fullBox, dx, dy)) : null;
  return {
    svg,
    layout: { width, height, size: Math.round(inkSize * 100) / 100, box, missing: shaped.missing },
    pixelWidth,
    pixelHeight,
  };
}

/** How far strokes reach beyond the outline, in pixels. */
function strokeReach(scene: OutlineScene): number {
  const inner = scene.stroke ? scene.strokeWidth : 0;
  return scene.outerStroke && scene.outerStrokeWidth > 0 ? scene.strokeWidth + scene.outerStrokeWidth : inner;
}

type TextBlock = {
  hasInk: boolean;
  /** Start of each line and its baseline, relative to the block's centre. */
  lineX: number[];
  baselines: number[];
  /** The lines' boxes (advance × ascender to descender) with their strokes. */
  inkBox: Box;
  barBox: Box;
  /** Everything drawn for the text: ink, strokes, shadow, bar. */
  fullBox: Box;
};

function textBlock(shaped: ShapedText, scene: OutlineScene, size: number): TextBlock {
  const k = size / shaped.unitsPerEm;
  const ascent = shaped.ascender * k;
  const descent = -shaped.descender * k;
  const step = (size * scene.lineHeight) / 100;
  const widths = shaped.lines.map((line) => line.advance * k);
  const textWidth = Math.max(0, ...widths);
  const textHeight = ascent + descent + step * (shaped.lines.length - 1);
  const top = -textHeight / 2;
  const reach = strokeReach(scene);
  const inkBox = grow({ x: -textWidth / 2, y: top, width: textWidth, height: textHeight }, reach, reach);
  const barBox = grow(inkBox, BAR_PAD_X_EM * size, BAR_PAD_Y_EM * size);
  let fullBox = scene.bar ? barBox : inkBox;
  if (scene.shadow && (scene.shadowX || scene.shadowY || scene.shadowBlur)) {
    const shadow = grow(shift(inkBox, scene.shadowX, scene.shadowY), scene.shadowBlur, scene.shadowBlur);
    fullBox = union(fullBox, shadow);
  }
  return {
    hasInk: shaped.lines.some((line) => line.path !== ""),
    lineX: widths.map((lineWidth) => -lineWidth / 2),
    baselines: shaped.lines.map((_line, index) => top + ascent + index * step),
    inkBox,
    barBox,
    fullBox,
  };
}

/** The scene's size, or smaller so that the text with its strokes and bar fits a given frame's width. */
function fittedSize(shaped: ShapedText, scene: OutlineScene): number {
  if (scene.width === undefined) return scene.size;
  const room = scene.width * (1 - 2 * FIT_MARGIN);
  const needed = textBlock(shaped, scene, scene.size).fullBox.width;
  if (needed <= room) return scene.size;
  const fixed = 2 * (strokeReach(scene) + scene.shadowBlur) + Math.abs(scene.shadowX);
  const scalable = needed - fixed;
  return scalable > 0 ? Math.max(1, (scene.size * Math.max(room - fixed, 1)) / scalable) : scene.size;
}

function grow(box: Box, x: number, y: number): Box {
  return { x: box.x - x, y: box.y - y, width: box.width + 2 * x, height: box.height + 2 * y };
}

function shift(box: Box, x: number, y: number): Box {
  return { ...box, x: box.x + x, y: box.y + y };
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

function roundBox(box: Box): Box {
  return { x: n(box.x), y: n(box.y), width: n(box.width), height: n(box.height) };
}

function n(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
