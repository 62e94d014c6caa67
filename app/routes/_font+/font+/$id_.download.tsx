import { FONT_FILE_FORMATS, FONT_GNO_PATTERN } from "@contract/catalogue";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fetchFontDownload } from "~/services/downloads.server";

/**
 * /font/:id/download?format=ttf|woff2: the font file, served through the site so that a signed-in
 * visitor's download is recorded in their history (the backend is called with their token).
 * Visitors download the same file without a record.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!FONT_GNO_PATTERN.test(id)) return refusal(404, "字体不存在");
  const format = new URL(request.url).searchParams.get("format") ?? "ttf";
  if (!(FONT_FILE_FORMATS as readonly string[]).includes(format)) {
    return refusal(400, `参数 format 必须是 ${FONT_FILE_FORMATS.join("、")} 之一`);
  }
  return fetchFontDownload(
    { request, context },
    id,
    format as (typeof FONT_FILE_FORMATS)[number],
    request.method === "HEAD" ? "HEAD" : "GET",
  );
}

function refusal(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
