import { getStsToken, saveSubmission, type SubmissionFields, type UploadType } from "@contract/submission";
import type { SubmissionUpload } from "~/components/content/submission-files";
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
    await putFile(caller, grant.uploadUrl, type, file);
    keys.push(grant.key);
  }
  return callApi(caller, saveSubmission, { body: { ...fields, ticket: ticket ?? "", files: keys } });
}

async function putFile(caller: ApiCaller, uploadUrl: string, type: UploadType, file: File): Promise<void> {
  const headers = apiHeaders(caller.request, { withToken: false });
  headers.set("Content-Type", type);
  let response: Response;
  try {
    response = await fetch(buildApiUrl(serviceBase(getStsToken, caller.context), uploadUrl), {
      method: "PUT",
      headers,
      body: file,
      redirect: "manual",
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError({ status: 502, code: "502", message: "文件上传失败，请稍后重试", unreachable: true });
  }
  const envelope = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  if (response.ok && envelope?.code === "200") return;
  const message = typeof envelope?.message === "string" ? envelope.message : "文件上传失败，请稍后重试";
  throw new ApiError({
    status: response.status >= 400 ? response.status : 502,
    code: String(envelope?.code ?? response.status),
    message,
    serverMessage: message,
  });
}
