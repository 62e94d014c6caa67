import { FONT_GNO_PATTERN } from "@contract/catalogue";
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~/utils/api-errors";
import { DEFAULT_SHARE_IMAGE } from "~/utils/seo/social-meta";
import { fontSharePicture } from "~/utils/seo/font-share-picture.server";
import { notFound } from "~/utils/responses.server";

/** GET /font/{id}/og.png: the font's name set in the font itself, the picture a shared font page shows. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!FONT_GNO_PATTERN.test(id)) throw notFound("字体不存在");
  const picture = await fontSharePicture({ request, context }, id).catch((error: unknown) => {
    if (!isApiError(error)) throw error;
    return "unavailable" as const;
  });
  if (!picture) throw notFound("字体不存在");
  // The renderer busy or down: the site's own picture, asked for again later.
  if (picture === "unavailable") return redirect(DEFAULT_SHARE_IMAGE, { headers: { "Cache-Control": "no-store" } });
  return new Response(Buffer.from(picture), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" },
  });
}
