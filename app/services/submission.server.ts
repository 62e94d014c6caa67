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
  let response: Response;
  try {
    const url = direct ? grant.uploadUrl : buildApiUrl(serviceBase(getStsToken, caller.context), grant.uploadUrl);
    response = await fetch(url, {
      method: grant.method,
      headers,
      body: file,
      redirect: "manual",
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError({ status: 502, code: "502", message: "文件上传失败，请稍后重试", unreachable: true });
  }
  if (direct && response.ok) return;
  const envelope = direct
    ? null
    : ((await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null);
  if (response.ok && envelope?.code === "200") return;
  const message = typeof envelope?.message === "string" ? envelope.message : "文件上传失败，请稍后重试";
  throw new ApiError({
    status: response.status >= 400 ? response.status : 502,
    code: String(envelope?.code ?? response.status),
    message,
    serverMessage: message,
  });
}
