import type { MetaFunction } from "@remix-run/node";
import { notFound } from "~/utils/responses.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** Any unmatched URL answers HTTP 404 'This page could not be found', shown by the root ErrorBoundary. */
export async function loader() {
  throw notFound();
}

const pageMeta: MetaFunction = () => [{ title: "页面不存在 - 短视频字体" }, { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return null;
}

export const meta = withSocialMeta(pageMeta);
