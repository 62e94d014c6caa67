import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { StudioDesign } from "@contract/studio";
import { throwApiError } from "~/utils/responses.server";
import { parseStudioDesign, studioSearch, titleLines } from "~/utils/studio/studio-design";
import {
  checkStudioDesign,
  coveringFamilies,
  loadStudioFonts,
  studioFailure,
  type StudioCheck,
} from "~/utils/studio/studio.server";

/** Longest search text for the font picker. */
const PICKER_QUERY_MAX = 40;

/**
 * The studio's page: the design the address carries, the fonts to pick from, and — for a design the
 * rules accept — where the title lands and what to watch for. A refused design answers 400 with the
 * form as typed and the message beside each field.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const caller = { request, context };
  const parsed = parseStudioDesign(params);
  const fonts = await loadStudioFonts(caller).catch(throwApiError);
  const q = [...(params.get("q") ?? "").trim()].slice(0, PICKER_QUERY_MAX).join("");
  const fit = params.get("fit") === "1";
  const headers = { "Cache-Control": "private, no-store" };

  let errors = parsed.ok ? {} : { ...parsed.errors };
  const design: StudioDesign | null = parsed.ok ? parsed.design : null;
  const gno = design?.font ?? fonts[0]?.gno ?? null;
  const font = fonts.find((candidate) => candidate.gno === gno) ?? null;
  if (design?.font && !font) errors = { ...errors, font: `字体 ${design.font} 不存在，请从列表中选择` };

  let check: StudioCheck | null = null;
  let checkError: string | null = null;
  let covering: number[] | null = null;
  if (design && font && Object.keys(errors).length === 0) {
    try {
      [check, covering] = await Promise.all([
        checkStudioDesign(caller, design, font.gno),
        coveringFamilies(caller, titleLines(design)),
      ]);
    } catch (error) {
      checkError = studioFailure(error).message;
    }
  }
  const ok = Object.keys(errors).length === 0 && design !== null && font !== null;
  return data(
    {
      values: parsed.values,
      errors: errors as Partial<Record<keyof StudioDesign, string>>,
      design: ok ? design : null,
      search: ok && design ? studioSearch({ ...design, font: font!.gno }) : "",
      font,
      fonts,
      q,
      fit,
      covering,
      check,
      checkError,
    },
    { status: ok ? 200 : 400, headers },
  );
}
