import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { optionalQueryInt, queryIntWithDefault, queryValue } from "./query";

/** Bounds of one outline scene: what one request may make the renderer draw. */
export const OUTLINE_LIMITS = {
  /** Characters of the whole text, line breaks included. */
  maxTextLength: 200,
  maxLines: 4,
  minSize: 8,
  maxSize: 600,
  /** Frame side, before `scale`. */
  minSide: 16,
  maxSide: 4096,
  /** Pixels of the image made (frame × scale²): 2 160 × 1 944, e.g. a 1080×1920 frame at full size. */
  maxPixels: 4_200_000,
  maxStrokeWidth: 120,
  maxShadowOffset: 200,
  maxShadowBlur: 60,
  maxGuides: 10,
} as const;

const GNO_PATTERN = /^[0-9A-Za-z][0-9A-Za-z_-]{0,63}$/;
const COLOR_PATTERN = /^#?[0-9a-fA-F]{6}$/;

function optionalColor() {
  return queryValue()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === "") return undefined;
      if (!COLOR_PATTERN.test(value)) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "必须是 #rrggbb 形式的颜色" });
        return z.NEVER;
      }
      return `#${value.replace(/^#/, "").toLowerCase()}`;
    });
}

function optionalSignedInt(limit: number) {
  return queryValue()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === "") return 0;
      const parsed = /^-?\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
      if (!(Math.abs(parsed) <= limit)) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: `必须是 -${limit} 到 ${limit} 之间的整数` });
        return z.NEVER;
      }
      return parsed;
    });
}

/** A guide drawn over the frame (a safe area): per mille of the frame, and its colour. */
export type OutlineGuide = { x: number; y: number; width: number; height: number; color: string };

const GUIDE_PATTERN = /^(\d{1,4}),(\d{1,4}),(\d{1,4}),(\d{1,4}),#?([0-9a-fA-F]{6})$/;

function readGuide(value: string): OutlineGuide | undefined {
  const match = GUIDE_PATTERN.exec(value);
  if (!match) return undefined;
  const [x, y, width, height] = match.slice(1, 5).map(Number) as [number, number, number, number];
  if (x + width > 1000 || y + height > 1000 || width === 0 || height === 0) return undefined;
  return { x, y, width, height, color: `#${match[5]!.toLowerCase()}` };
}

const guidesSchema = z
  .union([queryValue(), z.array(queryValue())], { errorMap: () => ({ message: "必须写成 x,y,宽,高,#rrggbb" }) })
  .optional()
  .transform((value, context) => {
    const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
    if (values.length > OUTLINE_LIMITS.maxGuides) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: `最多 ${OUTLINE_LIMITS.maxGuides} 个` });
      return z.NEVER;
    }
    const guides: OutlineGuide[] = [];
    for (const item of values) {
      const guide = readGuide(item);
      if (!guide) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: "必须写成 x,y,宽,高,#rrggbb（画面的千分比，不超出画面）",
        });
        return z.NEVER;
      }
      guides.push(guide);
    }
    return guides;
  });

const textSchema = queryValue()
  .transform((text) => text.replace(/\r\n?/g, "\n"))
  .superRefine((text, context) => {
    const lines = text.split("\n");
    const message =
      text.trim() === ""
        ? "不能为空"
        : [...text].length > OUTLINE_LIMITS.maxTextLength
          ? `最多 ${OUTLINE_LIMITS.maxTextLength} 个字符`
          : lines.length > OUTLINE_LIMITS.maxLines
            ? `最多 ${OUTLINE_LIMITS.maxLines} 行`
            : /[\u0000-\u0009\u000b-\u001f\u007f]/.test(text)
              ? "不能包含控制字符"
              : undefined;
    if (message) context.addIssue({ code: z.ZodIssueCode.custom, message });
  });

/**
 * One scene: the text (lines split at `\n`) in a catalogue font, drawn from its outlines with a fill
 * (a top-to-bottom gradient when `gradient` is given), up to two strokes, a shadow and a bar behind
 * it, centred at (`x`, `y`) ‰ of a `width`×`height` frame (the text's own box plus a margin when
 * either is absent), over `background` or transparent, with guide rectangles drawn on top. Lengths are
 * pixels of the frame; the image is the frame at `scale` %. Text wider than 92 % of a given frame is
 * drawn smaller to fit.
 */
const sceneFields = {
  gno: queryValue().regex(GNO_PATTERN, "必须是字体编号"),
  text: textSchema,
  size: queryIntWithDefault(OUTLINE_LIMITS.minSize, OUTLINE_LIMITS.maxSize, 96),
  color: optionalColor().transform((color) => color ?? "#000000"),
  gradient: optionalColor(),
  stroke: optionalColor(),
  strokeWidth: queryIntWithDefault(0, OUTLINE_LIMITS.maxStrokeWidth, 0),
  outerStroke: optionalColor(),
  outerStrokeWidth: queryIntWithDefault(0, OUTLINE_LIMITS.maxStrokeWidth, 0),
  shadow: optionalColor(),
  shadowX: optionalSignedInt(OUTLINE_LIMITS.maxShadowOffset),
  shadowY: optionalSignedInt(OUTLINE_LIMITS.maxShadowOffset),
  shadowBlur: queryIntWithDefault(0, OUTLINE_LIMITS.maxShadowBlur, 0),
  bar: optionalColor(),
  background: optionalColor(),
  width: optionalQueryInt(OUTLINE_LIMITS.minSide, OUTLINE_LIMITS.maxSide),
  height: optionalQueryInt(OUTLINE_LIMITS.minSide, OUTLINE_LIMITS.maxSide),
  x: queryIntWithDefault(0, 1000, 500),
  y: queryIntWithDefault(0, 1000, 500),
  lineHeight: queryIntWithDefault(80, 300, 125),
  scale: queryIntWithDefault(5, 100, 100),
  guide: guidesSchema,
};

function toScene<T extends { guide: OutlineGuide[] }>({ guide, ...scene }: T) {
  return { ...scene, guides: guide };
}

export const outlineSceneSchema = z.object(sceneFields).transform(toScene);
export type OutlineScene = z.output<typeof outlineSceneSchema>;
/** A scene as a query string carries it (every value text; `guide` repeated). */
export type OutlineSceneQuery = { [K in keyof z.input<typeof outlineSceneSchema>]?: string | string[] };

export const outlineImageQuerySchema = z
  .object({ ...sceneFields, format: z.enum(["png", "svg"], { message: "必须是 png 或 svg" }).default("png") })
  .transform(toScene);

/** Where the text landed, in frame pixels. */
export const outlineLayoutSchema = z.object({
  width: z.number(),
  height: z.number(),
  /** The font size drawn: `size`, or smaller when the text had to shrink to fit the frame. */
  size: z.number(),
  /** The text's ink with its strokes, shadow and bar; null when nothing is drawn (every character missing). */
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  /** Characters of the text the font lacks, each once; they are left out of the drawing. */
  missing: z.array(z.string()),
});
export type OutlineLayout = z.infer<typeof outlineLayoutSchema>;

/** The scene's layout, without drawing it. */
export const getOutlineLayout = defineEndpoint({
  method: "GET",
  path: "/webfont/outlines/layout",
  service: "subset",
  query: outlineSceneSchema,
  data: outlineLayoutSchema,
  auth: "none",
});

/**
 * The scene as a PNG of the frame at `scale`, or an SVG whose text is outline paths (no `<text>`).
 * Rendered images are immutable for a given font version and cached; the answer says `public`.
 */
export const getOutlineImage = defineEndpoint({
  method: "GET",
  path: "/webfont/outlines/image",
  service: "subset",
  query: outlineImageQuerySchema,
  kind: "file",
  auth: "none",
});

export const outlineEndpoints = { getOutlineLayout, getOutlineImage };
