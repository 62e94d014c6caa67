import type { MetaFunction } from "@remix-run/node";
import { notFound } from "~/utils/responses.server";

/** Any unmatched URL answers HTTP 404 'This page could not be found', shown by the root ErrorBoundary. */
export async function loader() {
  throw notFound();
}

export const meta: MetaFunction = () => [{ title: "页面不存在 - 短视频字体" }];

export default function NotFoundRoute() {
  return null;
}
