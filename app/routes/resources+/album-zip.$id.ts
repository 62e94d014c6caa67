import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseContentId } from "~/components/content/list-query";
import { streamAlbumZip } from "~/services/album-zip.server";
import { isApiError } from "~/utils/api-errors";
import { notFound } from "~/utils/responses.server";

/** GET /resources/album-zip/{id}: 打包下载 of an album, streamed from the backend to the visitor. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseContentId(params.id);
  if (!id) throw notFound("专辑不存在");
  try {
    return await streamAlbumZip({ request, context }, id);
  } catch (error) {
    if (!isApiError(error)) throw error;
    // A plain page: the visitor followed a download link, there is no page around it to show a message in.
    return new Response(error.status === 404 ? (error.serverMessage ?? "专辑不存在") : error.message, {
      status: error.status >= 400 ? error.status : 502,
      headers: { "Content-Type": "text/plain;charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
