import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { STUDIO_EXPORT_FORMATS, type StudioDesign, type StudioExportFormat } from "@contract/studio";
import { readFormSubmission } from "~/utils/form-data.server";
import {
  BACKGROUND_MAX_BYTES,
  BACKGROUND_NOT_IMAGE_MESSAGE,
  BACKGROUND_TOO_LARGE_MESSAGE,
  BackgroundPictureError,
  overBackground,
} from "~/utils/studio/background.server";
import { frameOf, parseStudioDesign, studioSearch } from "~/utils/studio/studio-design";
import {
  attachment,
  drawStudioDesign,
  exportFileName,
  firstError,
  loadStudioFonts,
  studioFailure,
  studioRefusal,
} from "~/utils/studio/studio.server";

/**
 * GET /studio/export?<design>&format=png|svg — the design at the frame's exact size, as a PNG
 * (transparent, or over the background colour) or an SVG whose text is outline paths; an attachment.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const format = params.get("format") || "png";
  if (!(STUDIO_EXPORT_FORMATS as readonly string[]).includes(format)) {
    return studioRefusal(400, "导出格式只能是 PNG 或 SVG。", context.cspNonce);
  }
  const parsed = parseStudioDesign(params);
  if (!parsed.ok) return studioRefusal(400, firstError(parsed.errors), context.cspNonce);
  return exportDesign({ request, context }, parsed.design, format as StudioExportFormat);
}

/**
 * POST /studio/export (multipart: the design's fields and `background`, a picture) — the design over
 * the creator's picture, a PNG of the frame's exact size. The picture is read from the upload's
 * temporary file, used, and deleted with it before the answer: nothing of it is kept.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string, back = "/studio") =>
    studioRefusal(status, message, context.cspNonce, back, request);
  const submission = await readFormSubmission(request, {
    allowFiles: true,
    maxBytes: BACKGROUND_MAX_BYTES + 64 * 1024,
    maxFileBytes: BACKGROUND_MAX_BYTES,
  });
  if (!submission.ok) {
    return refuse(
      submission.problem === "too-large" ? 413 : 400,
      submission.problem === "too-large" ? BACKGROUND_TOO_LARGE_MESSAGE : submission.message,
    );
  }
  try {
    const parsed = parseStudioDesign(submission.formData);
    if (!parsed.ok) return refuse(400, firstError(parsed.errors));
    const back = `/studio${studioSearch(parsed.design)}`;
    if (submission.oversized.length > 0) return refuse(413, BACKGROUND_TOO_LARGE_MESSAGE, back);
    const picture = submission.formData.get("background");
    if (!(picture instanceof Blob) || picture.size === 0) {
      return refuse(400, "请选择一张背景图片；不要背景时请直接下载 PNG。", back);
    }
    if (!/^image\//.test(picture.type)) return refuse(400, BACKGROUND_NOT_IMAGE_MESSAGE, back);
    const bytes = new Uint8Array(await picture.arrayBuffer());
    return await exportDesign({ request, context }, parsed.design, "png", bytes, back);
  } finally {
    await submission.discard();
  }
}

async function exportDesign(
  caller: Pick<LoaderFunctionArgs, "request" | "context">,
  design: StudioDesign,
  format: StudioExportFormat,
  background?: Uint8Array,
  back = "/studio",
): Promise<Response> {
  const refuse = (status: number, message: string) =>
    studioRefusal(status, message, caller.context.cspNonce, back, caller.request);
  try {
    const gno = design.font ?? (await loadStudioFonts(caller))[0]?.gno;
    if (!gno) return refuse(503, "字体目录暂时为空，请稍后再试。");
    // Over a picture, the text is drawn on a transparent frame and laid on it here.
    const drawn = background ? { ...design, backdrop: "none" as const } : design;
    const image = await drawStudioDesign(caller, drawn, gno, "export", format);
    const bytes = background ? await overBackground(background, image.bytes, frameOf(design)) : image.bytes;
    return new Response(bytes, {
      headers: {
        "Content-Type": background ? "image/png" : image.contentType,
        "Content-Length": String(bytes.byteLength),
        "Content-Disposition": attachment(exportFileName(design, format), format),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof BackgroundPictureError)
      return studioRefusal(400, error.message, caller.context.cspNonce, back);
    const { status, message } = studioFailure(error);
    return studioRefusal(status, message, caller.context.cspNonce, back);
  }
}
