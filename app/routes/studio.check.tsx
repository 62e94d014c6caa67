import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseStudioDesign, titleLines } from "~/utils/studio/studio-design";
import { checkStudioDesign, coveringFamilies, loadStudioFonts, studioFailure } from "~/utils/studio/studio.server";

/**
 * GET /studio/check?<design> — what the studio page shows beside its preview as the creator types
 * (JavaScript on): where the title lands and what to watch for, and which families can draw every
 * character of it. JSON (a Response, as resource routes answer); a refused design is a 400 with the
 * message of each field.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const parsed = parseStudioDesign(new URL(request.url).searchParams);
  if (!parsed.ok) return Response.json({ errors: parsed.errors }, { status: 400, headers });
  const caller = { request, context };
  try {
    const gno = parsed.design.font ?? (await loadStudioFonts(caller))[0]?.gno;
    if (!gno) return Response.json({ message: "字体目录暂时为空，请稍后再试。" }, { status: 503, headers });
    const [check, covering] = await Promise.all([
      checkStudioDesign(caller, parsed.design, gno),
      coveringFamilies(caller, titleLines(parsed.design)),
    ]);
    return Response.json({ check, covering }, { headers });
  } catch (error) {
    const { status, message } = studioFailure(error);
    return Response.json({ message }, { status, headers });
  }
}
