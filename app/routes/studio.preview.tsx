import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseStudioDesign } from "~/utils/studio/studio-design";
import {
  drawStudioDesign,
  firstError,
  loadStudioFonts,
  studioFailure,
  studioRefusal,
} from "~/utils/studio/studio.server";

/**
 * GET /studio/preview?<design> — the studio's preview: the design at half the frame's size with the
 * chosen apps' covered areas drawn over it, a PNG the subset service's outline renderer makes. The
 * page shows it as an image of its own address, with JavaScript or without.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = parseStudioDesign(new URL(request.url).searchParams);
  if (!parsed.ok) return studioRefusal(400, firstError(parsed.errors), context.cspNonce);
  const caller = { request, context };
  try {
    const gno = parsed.design.font ?? (await loadStudioFonts(caller))[0]?.gno;
    if (!gno) return studioRefusal(503, "字体目录暂时为空，请稍后再试。", context.cspNonce);
    const image = await drawStudioDesign(caller, parsed.design, gno, "preview", "png");
    return new Response(image.bytes, {
      headers: {
        "Content-Type": image.contentType,
        "Content-Length": String(image.bytes.byteLength),
        "Cache-Control": "public, max-age=300",
      },
    });
  } catch (error) {
    const { status, message } = studioFailure(error);
    return studioRefusal(status, message, context.cspNonce);
  }
}
