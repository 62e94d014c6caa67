import type { VariableAxis, VariableInstance } from "@contract/variable";
import { AXIS_NAMES_ZH } from "@contract/variable";
import type { VariableFace } from "~/services/variable.server";
import { cssString } from "~/utils/css-string";

/** Axis tag → value. */
export type AxisValues = Record<string, number>;

export const PREVIEW_SIZE_MIN = 16;
export const PREVIEW_SIZE_MAX = 160;
export const PREVIEW_SIZE_DEFAULT = 64;
export const VARIABLE_TEXT_MAX = 60;

/** Chinese name of an axis for labels: the registered axes have one, others keep the font's name. */
export function axisLabel(axis: Pick<VariableAxis, "tag" | "name">): string {
  return AXIS_NAMES_ZH[axis.tag] ?? axis.name;
}

/** Slider step: fine for 0–1 axes (CASL, MONO), tenths for short ranges, whole units otherwise. */
export function axisStep(axis: Pick<VariableAxis, "min" | "max">): number {
  const span = axis.max - axis.min;
  if (span <= 2) return 0.01;
  if (span <= 30) return 0.1;
  return 1;
}

export function clampToAxis(axis: Pick<VariableAxis, "min" | "max">, value: number): number {
  return Math.min(axis.max, Math.max(axis.min, value));
}

export function defaultValues(axes: readonly VariableAxis[]): AxisValues {
  return Object.fromEntries(axes.map((axis) => [axis.tag, axis.default]));
}

/**
 * Where a preview starts: the font's Regular instance when it names one (the default of a CJK
 * font's weight axis is often its lightest), else each axis's default.
 */
export function startValues(font: {
  axes: readonly VariableAxis[];
  instances: readonly VariableInstance[];
}): AxisValues {
  const regular = font.instances.find((instance) => instance.name === "Regular");
  return { ...defaultValues(font.axes), ...(regular?.coordinates ?? {}) };
}

/**
 * The axis values a query names (`wght=700`, or `<prefix>wght=700`), each clamped to its axis and
 * rounded to its step; anything missing or not a number stays at the default.
 */
export function axisValuesFrom(
  params: URLSearchParams,
  axes: readonly VariableAxis[],
  prefix = "",
  start: AxisValues = defaultValues(axes),
): AxisValues {
  const values = { ...start };
  for (const axis of axes) {
    const raw = params.get(`${prefix}${axis.tag}`);
    if (raw === null || raw.trim() === "") continue;
    const value = Number(raw);
    if (Number.isFinite(value)) values[axis.tag] = roundToStep(axis, clampToAxis(axis, value));
  }
  return values;
}

export function roundToStep(axis: Pick<VariableAxis, "min" | "max">, value: number): number {
  const step = axisStep(axis);
  const decimals = step === 0.01 ? 2 : step === 0.1 ? 1 : 0;
  return Number(value.toFixed(decimals));
}

/** `"wght" 700, "wdth" 85`: every axis, so that the preview shows exactly the values chosen. */
export function variationSettings(axes: readonly VariableAxis[], values: AxisValues): string {
  if (axes.length === 0) return "normal";
  return axes.map((axis) => `"${axis.tag}" ${values[axis.tag] ?? axis.default}`).join(", ");
}

/** The instance whose coordinates equal `values`, if any. */
export function matchingInstance(
  instances: readonly VariableInstance[],
  values: AxisValues,
): VariableInstance | undefined {
  return instances.find((instance) =>
    Object.entries(instance.coordinates).every(([tag, value]) => values[tag] === undefined || values[tag] === value),
  );
}

const SAFE_PATH = /^(https?:\/\/|\/)[^\s"'<>\\]*$/i;
const SAFE_RANGE = /^U\+[0-9A-F?]{1,6}(-[0-9A-F]{1,6})?(,U\+[0-9A-F?]{1,6}(-[0-9A-F]{1,6})?)*$/i;

/**
 * The @font-face rules of a variable subset: one per slice file, all under the family's name, with
 * the weight (and width) ranges the font covers so that `font-weight` reaches every value.
 */
export function variableFontFaceCss(face: VariableFace, axes: readonly VariableAxis[], display = "block"): string {
  const weight = axes.find((axis) => axis.tag === "wght");
  const width = axes.find((axis) => axis.tag === "wdth");
  return face.files
    .filter(
      (file) => SAFE_PATH.test(file.woffPath) && SAFE_PATH.test(file.ttfPath) && SAFE_RANGE.test(file.unicodeRange),
    )
    .map((file) => {
      const woffFormat = /\.woff2(?:[?#]|$)/i.test(file.woffPath) ? "woff2" : "woff";
      const declarations = [
        `font-family:${cssString(face.familyName)}`,
        `src:url(${cssString(file.woffPath)}) format("${woffFormat}"),url(${cssString(file.ttfPath)}) format("truetype")`,
        weight ? `font-weight:${weight.min} ${weight.max}` : null,
        width ? `font-stretch:${width.min}% ${width.max}%` : null,
        `unicode-range:${file.unicodeRange}`,
        `font-display:${display}`,
      ].filter(Boolean);
      return `@font-face{${declarations.join(";")};}`;
    })
    .join("\n");
}

/** The CSS a visitor copies: the subset's @font-face rules, then a class using the chosen values. */
export function copyableCss(
  face: VariableFace,
  axes: readonly VariableAxis[],
  values: AxisValues,
  origin: string,
): string {
  const absolute = (path: string) => (path.startsWith("/") ? `${origin}${path}` : path);
  const rules = face.files.map((file) => {
    const lines = [
      "@font-face {",
      `  font-family: "${face.familyName}";`,
      `  src: url("${absolute(file.woffPath)}") format("${/\.woff2(?:[?#]|$)/i.test(file.woffPath) ? "woff2" : "woff"}"),`,
      `       url("${absolute(file.ttfPath)}") format("truetype");`,
    ];
    const weight = axes.find((axis) => axis.tag === "wght");
    if (weight) lines.push(`  font-weight: ${weight.min} ${weight.max};`);
    lines.push(`  unicode-range: ${file.unicodeRange};`, "  font-display: swap;", "}");
    return lines.join("\n");
  });
  const weight = axes.find((axis) => axis.tag === "wght");
  const others = axes.filter((axis) => axis.tag !== "wght");
  const usage = [".title {", `  font-family: "${face.familyName}", sans-serif;`];
  if (weight) usage.push(`  font-weight: ${values.wght ?? weight.default};`);
  if (others.length > 0) usage.push(`  font-variation-settings: ${variationSettings(others, values)};`);
  usage.push("}");
  return [...rules, usage.join("\n")].join("\n\n");
}
