import { STUDIO_FIELDS, STUDIO_FRAMES, studioDesignSchema, type StudioDesign } from "@contract/studio";
import type { OutlineSceneQuery } from "@contract/outlines";
import { SAFE_AREAS, coveredAreas } from "./safe-areas";

/** The title drawn while the visitor has typed none: a cover title a creator would write. */
export const EXAMPLE_TITLE = "三分钟学会做封面";

/** The address's values as typed, so that a refused design keeps them in the form. */
export type StudioValues = Partial<Record<keyof StudioDesign, string | string[]>>;

export type ParsedStudioDesign =
  | { ok: true; design: StudioDesign; values: StudioValues }
  | { ok: false; errors: Partial<Record<keyof StudioDesign, string>>; values: StudioValues };

/** Reads the studio's fields from an address or a form; the first refusal of each field is kept. */
export function parseStudioDesign(input: URLSearchParams | FormData): ParsedStudioDesign {
  const values: StudioValues = {};
  for (const name of STUDIO_FIELDS) {
    const all = input.getAll(name).filter((value): value is string => typeof value === "string");
    if (all.length === 0) continue;
    values[name] = name === "safe" ? all : all.length === 1 ? all[0] : all;
  }
  const parsed = studioDesignSchema.safeParse(values);
  if (parsed.success) return { ok: true, design: parsed.data, values };
  const errors: Partial<Record<keyof StudioDesign, string>> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as keyof StudioDesign;
    errors[name] ??= issue.message;
  }
  return { ok: false, errors, values };
}

const DEFAULTS = studioDesignSchema.parse({});

/** The design as an address's query (`?title=…`), defaults left out, `font` first. */
export function studioSearch(design: StudioDesign): string {
  const params = new URLSearchParams();
  for (const name of STUDIO_FIELDS) {
    const value = design[name];
    if (name === "safe") {
      for (const app of design.safe) params.append("safe", app);
      continue;
    }
    if (value === undefined || value === "" || value === DEFAULTS[name]) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function frameOf(design: Pick<StudioDesign, "frame">) {
  return { name: design.frame, ...STUDIO_FRAMES[design.frame] };
}

/** The lines to draw: the title (or the example while there is none) and the second line when given. */
export function titleLines(design: Pick<StudioDesign, "title" | "sub">): string[] {
  return [design.title || EXAMPLE_TITLE, ...(design.sub ? [design.sub] : [])];
}

/** Preview images are half the frame's size: enough for a screen, a quarter of the pixels to make. */
export const PREVIEW_SCALE = 50;

/**
 * The outline renderer's scene for the design in font `gno`: the preset as fill, strokes, shadow,
 * gradient or bar scaled with the size; the frame; the background colour unless transparent. A preview
 * carries the chosen apps' covered areas as guides and is made at half size.
 */
export function studioScene(
  design: StudioDesign,
  gno: string,
  purpose: "preview" | "export" | "layout",
): OutlineSceneQuery {
  const frame = STUDIO_FRAMES[design.frame];
  const size = design.size;
  const effect = (fraction: number) => String(Math.max(1, Math.round(size * fraction)));
  const scene: OutlineSceneQuery = {
    gno,
    text: titleLines(design).join("\n"),
    size: String(size),
    color: design.color,
    width: String(frame.width),
    height: String(frame.height),
    y: String(design.y * 10),
    lineHeight: "120",
  };
  switch (design.preset) {
    case "stroke":
      Object.assign(scene, { stroke: design.accent, strokeWidth: effect(0.07) });
      break;
    case "double":
      Object.assign(scene, {
        stroke: design.accent,
        strokeWidth: effect(0.06),
        outerStroke: design.accent2,
        outerStrokeWidth: effect(0.06),
      });
      break;
    case "shadow":
      Object.assign(scene, {
        shadow: design.accent,
        shadowX: effect(0.05),
        shadowY: effect(0.05),
        shadowBlur: effect(0.04),
      });
      break;
    case "gradient":
      Object.assign(scene, { gradient: design.accent, stroke: design.accent2, strokeWidth: effect(0.04) });
      break;
    case "bar":
      Object.assign(scene, { bar: design.accent });
      break;
    case "plain":
      break;
  }
  if (design.backdrop === "color" && purpose !== "layout") scene.background = design.bgColor;
  if (purpose === "preview") {
    scene.scale = String(PREVIEW_SCALE);
    scene.guide = design.safe.flatMap((app) =>
      coveredAreas(app, design.frame).map(
        (area) => `${area.x},${area.y},${area.width},${area.height},${SAFE_AREAS[app].color}`,
      ),
    );
  }
  return scene;
}
