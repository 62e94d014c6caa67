import { FONT_GNO_PATTERN } from "@contract/catalogue";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { streamFamilyZip } from "~/services/album-zip.server";
import { isApiError } from "~/utils/api-errors";
import { notFound } from "~/utils/responses.server";

/** GET /font/{id}/family-zip: every weight of the font's family with their licenses, one zip. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!FONT_GNO_PATTERN.test(id)) throw notFound("字体不存在");
  try {
    return await streamFamilyZip({ request, context }, id);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return new Response(error.status === 404 ? (error.serverMessage ?? "字体不存在") : error.message, {
      status: error.status >= 400 ? error.status : 502,
      headers: { "Content-Type": "text/plain;charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
