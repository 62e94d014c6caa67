import type { LoaderFunctionArgs } from "@remix-run/node";
import { qrCodeSvg, sharedPath } from "~/utils/share/qr-code.server";
import { siteOrigin } from "~/utils/seo/site-origin.server";

/** GET /resources/qr?path=/font/10001: the QR code of that page of the site, as SVG, for WeChat's scanner. */
export async function loader({ request }: LoaderFunctionArgs) {
  const path = sharedPath(new URL(request.url).searchParams.get("path"));
  if (!path) {
    return new Response("只能为本站的页面生成二维码（path 须以 / 开头，最多 1000 个字符）", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(await qrCodeSvg(`${siteOrigin(request)}${path}`), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
