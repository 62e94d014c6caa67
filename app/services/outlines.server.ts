import { getOutlineImage, getOutlineLayout, type OutlineLayout, type OutlineSceneQuery } from "@contract/outlines";
import { ApiError, apiHeaders, buildApiUrl, callApi, serviceBase, type ApiCaller } from "./api-client.server";

/** An image is made in tens of milliseconds; a queue at the renderer may add a few seconds. */
const OUTLINE_TIMEOUT_MS = 15_000;
/** Far above the largest image the renderer makes (4.2 Mpx of PNG), so a broken answer cannot fill memory. */
const MAX_IMAGE_BYTES = 24 * 1024 * 1024;

export type OutlineImage = { bytes: Uint8Array<ArrayBuffer>; contentType: string };

/** Where the scene's text lands in its frame, and the characters the font lacks (GET /webfont/outlines/layout). */
export function loadOutlineLayout(caller: ApiCaller, scene: OutlineSceneQuery): Promise<OutlineLayout> {
  return callApi(caller, getOutlineLayout, { query: scene as never, timeoutMs: OUTLINE_TIMEOUT_MS });
}

/**
 * The scene drawn by the subset service from the font's outlines, as PNG or as SVG with the text as
 * paths (GET /webfont/outlines/image). Throws an `ApiError` with the service's Chinese message when it
 * refuses (400 bad scene, 429 too many, 503 busy), a 502/504 when it cannot be reached.
 */
export async function fetchOutlineImage(
  caller: ApiCaller,
  scene: OutlineSceneQuery,
  format: "png" | "svg",
): Promise<OutlineImage> {
  const url = buildApiUrl(serviceBase(getOutlineImage, caller.context), getOutlineImage.path, { ...scene, format });
  let response: Response;
  try {
    response = await fetch(url, {
      headers: apiHeaders(caller.request, { withToken: false }),
      redirect: "manual",
      signal: AbortSignal.any([AbortSignal.timeout(OUTLINE_TIMEOUT_MS), caller.request.signal]),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new ApiError({
      status: timedOut ? 504 : 502,
      code: timedOut ? "504" : "502",
      message: timedOut ? "图片生成超时，请稍后重试" : "图片服务暂时无法连接，请稍后重试",
      unreachable: true,
    });
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!response.ok) {
    const envelope = parseEnvelope(bytes);
    const message = envelope?.message || "图片生成失败，请稍后重试";
    throw new ApiError({
      status: response.status,
      code: envelope?.code ?? String(response.status),
      message,
      serverMessage: envelope?.message ?? null,
    });
  }
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new ApiError({ status: 502, code: "502", message: "图片服务的应答不正确，请稍后重试" });
  }
  return { bytes, contentType: response.headers.get("Content-Type") ?? `image/${format}` };
}

function parseEnvelope(bytes: Uint8Array): { code?: string; message?: string } | null {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as { code?: unknown; message?: unknown };
    return {
      code: typeof parsed.code === "string" ? parsed.code : undefined,
      message: typeof parsed.message === "string" ? parsed.message : undefined,
    };
  } catch {
    return null;
  }
}
