import type { License } from "@contract/catalogue";
import { SAFE_AREA_APP_LABELS, type StudioDesign } from "@contract/studio";
import { listFonts } from "~/services/catalogue.server";
import { fetchOutlineImage, loadOutlineLayout, type OutlineImage } from "~/services/outlines.server";
import type { ApiCaller } from "~/services/api-client.server";
import { isApiError } from "~/utils/api-errors";
import { statusPage } from "~/utils/status-page";
import { crossings } from "./safe-areas";
import { frameOf, studioScene, titleLines } from "./studio-design";

/** One weight of the catalogue as the studio's font picker offers it. */
export type StudioFont = {
  gno: string;
  name: string;
  familyId: number;
  familyName: string;
  license: Pick<License, "name" | "commercialUse" | "commercialLabel" | "commercialSource" | "url">;
};

/** Pages of the font list read for the picker: 300 families, far more than the catalogue holds. */
const MAX_LIST_PAGES = 3;
const LIST_PAGE_SIZE = 100;

/** Every weight of every family, the most popular family first (the font list's order). */
export async function loadStudioFonts(caller: ApiCaller): Promise<StudioFont[]> {
  const fonts: StudioFont[] = [];
  for (let current = 1; current <= MAX_LIST_PAGES; current++) {
    const page = await listFonts(caller, { current, size: LIST_PAGE_SIZE, sort: "hot" });
    for (const family of page.records) {
      const weights = family.childFontResource.length > 0 ? family.childFontResource : [family];
      for (const weight of weights) {
        fonts.push({
          gno: weight.fontGNo,
          name: weight.fontName,
          familyId: weight.familyId,
          familyName: weight.familyName,
          license: {
            name: weight.license.name,
            url: weight.license.url,
            commercialUse: weight.license.commercialUse,
            commercialLabel: weight.license.commercialLabel,
            commercialSource: weight.license.commercialSource,
          },
        });
      }
    }
    if (current * LIST_PAGE_SIZE >= page.total) break;
  }
  return fonts;
}

/** Most characters the font list's can-render filter takes (FONT_LIST_TEXT_MAX). */
const COVERAGE_TEXT_MAX = 200;

/** The families whose default font has every character of the title's lines (the font list's can-render filter). */
export async function coveringFamilies(caller: ApiCaller, lines: string[]): Promise<number[]> {
  const characters = [...new Set([...lines.join("")].filter((character) => character.trim() !== ""))];
  const text = characters.slice(0, COVERAGE_TEXT_MAX).join("");
  const ids: number[] = [];
  for (let current = 1; current <= MAX_LIST_PAGES; current++) {
    const page = await listFonts(caller, { current, size: LIST_PAGE_SIZE, sort: "hot", text });
    ids.push(...page.records.map((family) => family.familyId));
    if (current * LIST_PAGE_SIZE >= page.total) break;
  }
  return ids;
}

export type StudioCheck = {
  /** The font size drawn, smaller than asked when the title had to shrink to fit the frame. */
  size: number;
  missing: string[];
  warnings: string[];
};

/** Where the title lands, and what the creator should know: missing characters, shrinking, safe areas crossed. */
export async function checkStudioDesign(caller: ApiCaller, design: StudioDesign, gno: string): Promise<StudioCheck> {
  const layout = await loadOutlineLayout(caller, studioScene(design, gno, "layout"));
  const warnings: string[] = [];
  if (layout.missing.length > 0) {
    warnings.push(
      `这款字体缺少“${layout.missing.join("")}”，这些字不会画出来；可勾选“只看能显示全部文字的字体”换一款。`,
    );
  }
  if (layout.size < design.size) {
    warnings.push(`标题太宽，已从 ${design.size} 号缩小到 ${Math.floor(layout.size)} 号以放进画面。`);
  }
  if (layout.box) {
    const crossed = crossings(layout.box, frameOf(design), design.safe);
    for (const { app, area } of crossed) {
      warnings.push(`标题进入了${SAFE_AREA_APP_LABELS[app]}的${area.label}区域，发布后可能被遮挡。`);
    }
  }
  return { size: layout.size, missing: layout.missing, warnings };
}

/** The design drawn at the frame's size (or the preview's), in `format`. */
export function drawStudioDesign(
  caller: ApiCaller,
  design: StudioDesign,
  gno: string,
  purpose: "preview" | "export",
  format: "png" | "svg",
): Promise<OutlineImage> {
  return fetchOutlineImage(caller, studioScene(design, gno, purpose), format);
}

/** The export's file name: the title's first characters and the frame, e.g. `三分钟学会做封面-1080x1920.png`. */
export function exportFileName(design: StudioDesign, extension: string): string {
  const title = [...titleLines(design)[0]!.replace(/[\\/:*?"<>|\s]+/g, "")].slice(0, 20).join("") || "标题";
  const frame = frameOf(design);
  return `${title}-${frame.width}x${frame.height}.${extension}`;
}

export function attachment(fileName: string, extension: string): string {
  return `attachment; filename="studio.${extension}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A short Chinese page for a refused image or export (a resource route has no layout for an error
 * boundary), or `{message}` for the page's own script, which asks for JSON.
 */
export function studioRefusal(
  status: number,
  detail: string,
  nonce: string | undefined,
  back = "/studio",
  request?: Request,
): Response {
  if (request?.headers.get("Accept")?.includes("application/json")) {
    return Response.json({ message: detail }, { status, headers: { "Cache-Control": "no-store" } });
  }
  const html = statusPage({
    status,
    message: "无法生成图片",
    detail,
    nonce,
    back: { href: back, label: "返回标题工坊" },
  });
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** The status and Chinese message for a failure of the renderer or the catalogue. */
export function studioFailure(error: unknown): { status: number; message: string } {
  if (isApiError(error)) {
    if (error.status === 429) return { status: 429, message: "请求太频繁，请稍后再试。" };
    if (error.status >= 400 && error.status < 500) return { status: 400, message: error.message };
    if (error.status === 503) return { status: 503, message: error.message || "图片服务繁忙，请稍后再试。" };
    return { status: 503, message: "图片服务暂时不可用，请稍后再试。" };
  }
  if (error instanceof Response) return { status: 502, message: "服务的应答不正确，请稍后再试。" };
  throw error;
}

/** The first refusal of a design, for an image route's answer. */
export function firstError(errors: Partial<Record<keyof StudioDesign, string>>): string {
  return Object.values(errors)[0] ?? "参数不正确";
}
