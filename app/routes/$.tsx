import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { notFound } from "~/utils/api.server";

/**
 * Any unmatched URL answers HTTP 404 'This page could not be found' (SPEC 2), shown by the root
 * ErrorBoundary. Safety net for SPEC 2's `.html` suffix: server.ts strips it before Remix; should a
 * `/x.html` URL still get here, it is sent to `/x` instead of a 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".html") && !url.pathname.startsWith("/build/")) {
    const bare = url.pathname.slice(0, -".html".length);
    const target = bare === "/index" || bare === "" ? "/" : bare;
    throw redirect(`${target}${url.search}`, 301);
  }
  throw notFound();
}

export const meta: MetaFunction = () => [{ title: "页面不存在 - 短视频字体" }];

export default function NotFoundRoute() {
  return null;
}
