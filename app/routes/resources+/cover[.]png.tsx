import type { LoaderFunctionArgs } from "@remix-run/node";
import { coverPicture, isCoverPath } from "~/utils/seo/cover-picture.server";
import { notFound } from "~/utils/responses.server";

/** GET /resources/cover.png?src=/images/content/news/….svg: an article's cover as PNG, its shared picture. */
export async function loader({ request }: LoaderFunctionArgs) {
  const src = new URL(request.url).searchParams.get("src");
  const picture = isCoverPath(src) ? await coverPicture(src) : null;
  if (!picture) throw notFound("没有这张封面");
  return new Response(Buffer.from(picture), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" },
  });
}
