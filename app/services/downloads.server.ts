import { downloadFont } from "@contract/catalogue";
import { getDownloadHistory } from "@contract/downloads";
import { endpointPath, type EndpointQuery } from "@contract/endpoint";
import { HTTP_STATUS_MESSAGES } from "~/utils/api-errors";
import { apiHeaders, buildApiUrl, callApi, serviceBase, type ApiCaller } from "./api-client.server";

/** A page of the user's downloads, newest first, filtered by font name. */
export function listDownloads(caller: ApiCaller, query: EndpointQuery<typeof getDownloadHistory>) {
  return callApi(caller, getDownloadHistory, { query });
}

/** The answer headers a font download passes on to the browser. */
const PASSED_HEADERS = [
  "content-type",
  "content-length",
  "content-disposition",
  "cache-control",
  "last-modified",
  "etag",
];

/**
 * The font file from the backend's download endpoint, with the visitor's token so a signed-in
 * user's download is recorded, streamed through as it arrives (never held whole in memory). A
 * refusal (unknown font, missing file) is answered with its status and Chinese message as text.
 */
export async function fetchFontDownload(
  caller: ApiCaller,
  fontGNo: string,
  format: "ttf" | "woff2",
  method: "GET" | "HEAD" = "GET",
): Promise<Response> {
  const url = buildApiUrl(serviceBase(downloadFont, caller.context), endpointPath(downloadFont, { id: fontGNo }), {
    format: format === "ttf" ? undefined : format,
  });
  const headers = apiHeaders(caller.request, { withToken: true });
  headers.set("Accept", "*/*");
  let response: Response;
  try {
    // No timeout on the body: a large file on a slow line takes as long as it takes.
    response = await fetch(url, { method, headers, redirect: "manual", signal: caller.request.signal });
  } catch {
    return text(502, HTTP_STATUS_MESSAGES[502]!);
  }
  if (!response.ok) {
    const message = await response
      .json()
      .then((body: unknown) => (body as { message?: unknown }).message)
      .catch(() => undefined);
    return text(
      response.status,
      typeof message === "string" && message ? message : (HTTP_STATUS_MESSAGES[response.status] ?? "下载失败"),
    );
  }
  const passed = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value) passed.set(name, value);
  }
  passed.set("X-Content-Type-Options", "nosniff");
  return new Response(method === "HEAD" ? null : response.body, { status: 200, headers: passed });
}

function text(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
