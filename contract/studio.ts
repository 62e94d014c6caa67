import { z } from "zod";
import { FONT_GNO_PATTERN } from "./catalogue-values";

/**
 * The title studio's design, as its address carries it (/studio, its preview and its exports): one
 * rule per field, each with its Chinese message. The studio is a website page, not an API call; its
 * images are drawn by the subset service's outline renderer (contract/outlines.ts).
 */

export const STUDIO_TITLE_MAX = 40;
export const STUDIO_SIZE_MIN = 24;
export const STUDIO_SIZE_MAX = 400;
export const STUDIO_SIZE_DEFAULT = 120;

export const STUDIO_PRESETS = ["plain", "stroke", "double", "shadow", "gradient", "bar"] as const;
export type StudioPreset = (typeof STUDIO_PRESETS)[number];
export const STUDIO_PRESET_LABELS: Record<StudioPreset, string> = {
  plain: "纯色",
  stroke: "描边",
  double: "双描边",
  shadow: "阴影",
  gradient: "渐变",
  bar: "底条",
};

export const STUDIO_FRAMES = {
  "9x16": { width: 1080, height: 1920, label: "9:16 竖屏 1080×1920" },
  "16x9": { width: 1920, height: 1080, label: "16:9 横屏 1920×1080" },
  "3x4": { width: 1080, height: 1440, label: "3:4 竖图 1080×1440" },
} as const;
export type StudioFrame = keyof typeof STUDIO_FRAMES;
export const STUDIO_FRAME_NAMES = Object.keys(STUDIO_FRAMES) as [StudioFrame, ...StudioFrame[]];

export const SAFE_AREA_APPS = ["douyin", "kuaishou", "channels", "xiaohongshu", "bilibili"] as const;
export type SafeAreaApp = (typeof SAFE_AREA_APPS)[number];
export const SAFE_AREA_APP_LABELS: Record<SafeAreaApp, string> = {
  douyin: "抖音",
  kuaishou: "快手",
  channels: "视频号",
  xiaohongshu: "小红书",
  bilibili: "B站",
};

export const STUDIO_BACKDROPS = ["none", "color"] as const;

const COLOR = /^#[0-9a-f]{6}$/;

function field(message: string) {
  return z.string({ invalid_type_error: `${message}只能填一个` });
}

function color(name: string, fallback: string) {
  return field(name)
    .optional()
    .transform((value) => (value ?? "").trim().toLowerCase() || fallback)
    .refine((value) => COLOR.test(value), `${name}必须是 #rrggbb 形式的颜色`);
}

function line(name: string) {
  return field(name)
    .optional()
    .transform((value) => (value ?? "").replace(/[\r\n\t]+/g, " ").trim())
    .refine((value) => [...value].length <= STUDIO_TITLE_MAX, `${name}最多 ${STUDIO_TITLE_MAX} 个字`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${name}不能包含控制字符`);
}

function choice<const T extends readonly [string, ...string[]]>(name: string, values: T, fallback: T[number]) {
  return field(name)
    .optional()
    .transform((value) => value || fallback)
    .refine((value): value is T[number] => (values as readonly string[]).includes(value), `未知的${name}`)
    .transform((value) => value as T[number]);
}

function integer(name: string, min: number, max: number, fallback: number) {
  return field(name)
    .optional()
    .transform((value) =>
      value === undefined || value.trim() === ""
        ? fallback
        : /^\s*\d{1,6}\s*$/.test(value)
          ? Number(value)
          : Number.NaN,
    )
    .refine(
      (value) => Number.isInteger(value) && value >= min && value <= max,
      `${name}必须是 ${min} 到 ${max} 之间的整数`,
    );
}

/** `safe` may be repeated (one checkbox per app) or comma-separated. */
const safeAreas = z
  .union([z.string(), z.array(z.string())], { errorMap: () => ({ message: "未知的安全区平台" }) })
  .optional()
  .transform((value) => (value === undefined ? [] : [value].flat().flatMap((item) => item.split(","))))
  .transform((names) => [...new Set(names.map((name) => name.trim()).filter(Boolean))])
  .refine((names) => names.every((name) => (SAFE_AREA_APPS as readonly string[]).includes(name)), "未知的安全区平台")
  .transform((names) => SAFE_AREA_APPS.filter((app) => names.includes(app)));

export const studioDesignSchema = z.object({
  font: field("字体")
    .optional()
    .refine((value) => value === undefined || value === "" || FONT_GNO_PATTERN.test(value), "字体编号不正确")
    .transform((value) => value || undefined),
  title: line("标题"),
  sub: line("第二行"),
  preset: choice("效果", STUDIO_PRESETS, "stroke"),
  color: color("文字颜色", "#ffffff"),
  accent: color("效果颜色", "#ff2d55"),
  accent2: color("外描边颜色", "#111111"),
  size: integer("字号", STUDIO_SIZE_MIN, STUDIO_SIZE_MAX, STUDIO_SIZE_DEFAULT),
  frame: choice("画幅", STUDIO_FRAME_NAMES, "9x16"),
  /** Where the title's centre sits, % of the frame's height from the top. */
  y: integer("位置", 5, 95, 30),
  safe: safeAreas,
  backdrop: choice("背景", STUDIO_BACKDROPS, "none"),
  bgColor: color("背景颜色", "#1f2937"),
});
export type StudioDesign = z.output<typeof studioDesignSchema>;
export type StudioDesignInput = z.input<typeof studioDesignSchema>;
export const STUDIO_FIELDS = Object.keys(studioDesignSchema.shape) as Array<keyof StudioDesign>;

/** What an export asks for besides the design. */
export const STUDIO_EXPORT_FORMATS = ["png", "svg"] as const;
export type StudioExportFormat = (typeof STUDIO_EXPORT_FORMATS)[number];
