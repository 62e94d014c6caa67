import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { getStsToken, saveSubmission, type StsToken, type SubmissionFields } from "@contract/submission";
import type { SubmissionUpload } from "~/utils/submission-files";
import { ApiError, apiHeaders, buildApiUrl, callApi, serviceBase, type ApiCaller } from "./api-client.server";

/** How long one file's upload to the backend may take. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Sends a 投稿: a credential per file, each file PUT to its signed URL, then the submission naming
 * them. Throws an `ApiError` with the backend's Chinese message when any step is refused.
 */
export async function submitWork(
  caller: ApiCaller,
  fields: Omit<SubmissionFields, "website"> & { website?: string },
  uploads: SubmissionUpload[],
): Promise<{ id: number }> {
  let ticket: string | undefined;
  const keys: string[] = [];
  for (const { file, type } of uploads) {
    const grant = await callApi(caller, getStsToken, {
      query: { contentType: type, size: file.size, fileName: file.name || "未命名", ticket },
    });
    ticket = grant.ticket;
    await putFile(caller, grant, file);
    keys.push(grant.key);
  }
  return callApi(caller, saveSubmission, { body: { ...fields, ticket: ticket ?? "", files: keys } });
}

/**
 * PUTs the file where the credential says, with the headers it says: the backend's own upload
 * endpoint (a path, answered with an envelope) or a presigned object-store URL (absolute, answered
 * with a bare 200), which gets no header of ours beyond the credential's.
 */
async function putFile(caller: ApiCaller, grant: StsToken, file: File): Promise<void> {
  const direct = /^https?:\/\//i.test(grant.uploadUrl);
  const headers = direct ? new Headers() : apiHeaders(caller.request, { withToken: false });
  for (const [name, value] of Object.entries(grant.headers)) headers.set(name, value);
  let response: { status: number; text: string };
  try {
    const url = direct ? grant.uploadUrl : buildApiUrl(serviceBase(getStsToken, caller.context), grant.uploadUrl);
    response = await sendFile(url, grant.method, headers, file);
  } catch {
    throw new ApiError({ status: 502, code: "502", message: "文件上传失败，请稍后重试", unreachable: true });
  }
  const ok = response.status >= 200 && response.status < 300;
  if (direct && ok) return;
  const envelope = direct ? null : (parseJson(response.text) as { code?: unknown; message?: unknown } | null);
  if (ok && envelope?.code === "200") return;
  const message = typeof envelope?.message === "string" ? envelope.message : "文件上传失败，请稍后重试";
  throw new ApiError({
    status: response.status >= 400 ? response.status : 502,
    code: String(envelope?.code ?? response.status),
    message,
    serverMessage: message,
  });
}

/** What an upload's answer may hold: an envelope or an object store's error document. */
const ANSWER_BYTES_KEPT = 64 * 1024;

/**
 * Sends `file` (read from disk as it goes out) with node's own HTTP client: `fetch` holds several
 * times a body in memory while it sends it (a 200 MB file PUT over loopback: 276 MB resident, against
 * 81 MB this way), and twenty 投稿 at once took the process past its memory budget. Redirects are not
 * followed; the whole exchange is cut at UPLOAD_TIMEOUT_MS.
 */
function sendFile(
  url: string,
  method: string,
  headers: Headers,
  file: File,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : http;
    const outgoing = Object.fromEntries(headers);
    outgoing["content-length"] = String(file.size);
    const request = client.request(target, { method, headers: outgoing }, (answer) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      answer.on("data", (chunk: Buffer) => {
        if (kept >= ANSWER_BYTES_KEPT) return;
        chunks.push(chunk);
        kept += chunk.length;
      });
      answer.on("end", () =>
        resolve({ status: answer.statusCode ?? 502, text: Buffer.concat(chunks).toString("utf8") }),
      );
      answer.on("error", reject);
    });
    const timer = setTimeout(() => request.destroy(new Error("上传超时")), UPLOAD_TIMEOUT_MS);
    request.on("close", () => clearTimeout(timer));
    request.on("error", reject);
    const body = Readable.fromWeb(file.stream() as NodeReadableStream<Uint8Array>);
    body.on("error", (error) => request.destroy(error));
    body.pipe(request);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
