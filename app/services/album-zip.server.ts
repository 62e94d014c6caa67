import { downloadFamilyZip, getAlbumZipUrl } from "@contract/album-zip";
import { endpointPath } from "@contract/endpoint";
import { callApi, apiHeaders, ApiError, buildApiUrl, serviceBase, type ApiCaller } from "./api-client.server";

/** How long the zip may take to start; its bytes then flow for as long as the visitor's connection needs. */
const ZIP_START_TIMEOUT_MS = 60_000;

/** Headers of the backend's zip answer passed on to the visitor. */
const PASSED_HEADERS = ["Content-Type", "Content-Length", "Content-Disposition"];

/**
 * Album `id`'s zip as a Response whose body streams from the backend as it arrives (never held
 * whole in memory). Throws an `ApiError` for an unknown album (404) or a zip the backend cannot make.
 */
export async function streamAlbumZip(caller: ApiCaller, id: number): Promise<Response> {
  const zip = await callApi(caller, getAlbumZipUrl, { query: { id } });
  return streamZip(caller, buildApiUrl(serviceBase(getAlbumZipUrl, caller.context), zip.url));
}

/** Every weight of the family of font `fontGNo` with their licenses, as `streamAlbumZip` streams an album. */
export function streamFamilyZip(caller: ApiCaller, fontGNo: string): Promise<Response> {
  const path = endpointPath(downloadFamilyZip, { id: fontGNo });
  return streamZip(caller, buildApiUrl(serviceBase(downloadFamilyZip, caller.context), path));
}

async function streamZip(caller: ApiCaller, url: string): Promise<Response> {
  const controller = new AbortController();
  const startTimer = setTimeout(() => controller.abort(), ZIP_START_TIMEOUT_MS);
  // The visitor leaving stops the backend's work too.
  caller.request.signal.addEventListener("abort", () => controller.abort(), { once: true });
  let upstream: Response;
  try {
    upstream = await fetch(url, {
      headers: apiHeaders(caller.request, { withToken: false }),
      redirect: "manual",
      signal: controller.signal,
    });
  } catch {
    throw new ApiError({ status: 502, code: "502", message: "网络错误，请稍后重试", unreachable: true });
  } finally {
    clearTimeout(startTimer);
  }
  if (!upstream.ok || !upstream.body) {
    const envelope = (await upstream.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof envelope?.message === "string" ? envelope.message : "打包下载失败，请稍后重试";
    throw new ApiError({
      status: upstream.status === 404 ? 404 : 502,
      code: String(upstream.status),
      message,
      serverMessage: message,
    });
  }
  // no-transform: a compressing proxy or middleware would drop Content-Length, and with it the progress bar.
  const headers = new Headers({ "Cache-Control": "no-store, no-transform" });
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
