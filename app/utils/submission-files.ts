import {
  SNIFF_BYTES,
  sniffUploadType,
  SUBMISSION_FILE_MAX_BYTES,
  SUBMISSION_FILES_MAX,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_TYPE_MESSAGE,
  type UploadType,
} from "@contract/submission";

/** A file of a submission, its type recognised by its first bytes. */
export type SubmissionUpload = { file: File; type: UploadType };

/**
 * The files chosen for a 投稿, each recognised by its first bytes, or the first problem with them.
 * The same rule runs in the browser when files are chosen and in the action before any upload.
 */
export async function checkSubmissionFiles(
  files: File[],
): Promise<{ uploads: SubmissionUpload[] } | { error: string }> {
  if (files.length === 0) return { error: "请至少选择一个文件" };
  if (files.length > SUBMISSION_FILES_MAX) return { error: `最多上传 ${SUBMISSION_FILES_MAX} 个文件` };
  const uploads: SubmissionUpload[] = [];
  for (const file of files) {
    if (file.size > SUBMISSION_FILE_MAX_BYTES) return { error: `「${file.name}」太大：${UPLOAD_TOO_LARGE_MESSAGE}` };
    const type = sniffUploadType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
    if (!type) return { error: `「${file.name}」不是可以投稿的文件：${UPLOAD_TYPE_MESSAGE}` };
    uploads.push({ file, type });
  }
  return { uploads };
}
