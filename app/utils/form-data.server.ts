import { unstable_parseMultipartFormData } from "@remix-run/node";

/** What a form post becomes, or why it could not be read. */
export type FormSubmission = { ok: true; formData: FormData } | { ok: false; problem: FormProblem; message: string };

export type FormProblem = "not-a-form" | "too-large" | "malformed";

export const FORM_PROBLEM_MESSAGES: Readonly<Record<FormProblem, string>> = {
  "not-a-form": "表单数据无效，请刷新页面后重试",
  "too-large": "提交的内容太多，请删减后重试",
  malformed: "表单数据无效，请刷新页面后重试",
};

export type FormSubmissionOptions = {
  /** Bytes the whole body may hold (default 64 KiB: every text form of the site fits many times). */
  maxBytes?: number;
  /** Whether multipart file parts are accepted; without it a file part makes the body malformed. */
  allowFiles?: boolean;
  /** Bytes one file may hold (default `maxBytes`). */
  maxFileBytes?: number;
};

export const DEFAULT_FORM_MAX_BYTES = 64 * 1024;

/**
 * How much of a refused body is still read, and thrown away, so the browser receives the answer
 * instead of a reset connection. A body longer than this is cut off.
 */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

class FormProblemError extends Error {
  constructor(readonly problem: FormProblem) {
    super(problem);
  }
}

/**
 * Every action's form: the body as FormData, or a thrown 400 whose Chinese message the error page
 * shows, for a body that is not a form (JSON, no content type), is larger than `maxBytes`, is
 * broken multipart, or is not UTF-8.
 */
export async function parseFormSubmission(request: Request, options: FormSubmissionOptions = {}): Promise<FormData> {
  const submission = await readFormSubmission(request, options);
  if (!submission.ok) throw formProblemResponse(submission);
  return submission.formData;
}

/** The 400 answer for a form that could not be read: a page's error boundary, or a resource route's JSON. */
export function formProblemResponse(submission: { message: string }): Response {
  return Response.json({ message: submission.message }, { status: 400, headers: { "Cache-Control": "no-store" } });
}

/** Like `parseFormSubmission`, for an action that answers some problems itself (an oversized upload). */
export async function readFormSubmission(
  request: Request,
  options: FormSubmissionOptions = {},
): Promise<FormSubmission> {
  const maxBytes = options.maxBytes ?? DEFAULT_FORM_MAX_BYTES;
  try {
    const type = mediaType(request.headers.get("Content-Type"));
    if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
      await discardBody(request);
      throw new FormProblemError("not-a-form");
    }
    const body = await readBody(request, maxBytes);
    const formData =
      type === "multipart/form-data"
        ? await parseMultipart(request.headers.get("Content-Type") ?? "", body, {
            allowFiles: options.allowFiles ?? false,
            maxFileBytes: options.maxFileBytes ?? maxBytes,
          })
        : parseUrlEncoded(body);
    return { ok: true, formData };
  } catch (error) {
    const problem = error instanceof FormProblemError ? error.problem : "malformed";
    return { ok: false, problem, message: FORM_PROBLEM_MESSAGES[problem] };
  }
}

function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The body's bytes, at most `maxBytes`; a longer body is drained (up to a limit) and refused. */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = Number(request.headers.get("Content-Length") ?? 0) > maxBytes;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DISCARD_LIMIT_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new FormProblemError("too-large");
    }
    if (size > maxBytes) tooLarge = true;
    if (tooLarge) chunks.length = 0;
    else chunks.push(value);
  }
  if (tooLarge) throw new FormProblemError("too-large");
  return concat(chunks, size);
}

/**
 * Reads a refused body to its end (up to the discard limit): left unread, it holds up the
 * connection, and the browser's next request on it waits until the server gives up on it.
 */
async function discardBody(request: Request): Promise<void> {
  if (!request.body) return;
  const reader = request.body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > DISCARD_LIMIT_BYTES) {
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** `a=1&b=%E4%BD%A0`: percent-escapes that are not UTF-8 make the body malformed (URLSearchParams would hide them). */
function parseUrlEncoded(body: Uint8Array): FormData {
  const text = utf8.decode(body);
  const formData = new FormData();
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const separator = pair.indexOf("=");
    const name = separator === -1 ? pair : pair.slice(0, separator);
    const value = separator === -1 ? "" : pair.slice(separator + 1);
    formData.append(decodeFormComponent(name), decodeFormComponent(value));
  }
  return formData;
}

function decodeFormComponent(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, " "));
}

async function parseMultipart(
  contentType: string,
  body: Uint8Array<ArrayBuffer>,
  limits: { allowFiles: boolean; maxFileBytes: number },
): Promise<FormData> {
  const buffered = new Request("http://form.invalid/", {
    method: "POST",
    headers: { "Content-Type": contentType },
    body,
  });
  const formData = await unstable_parseMultipartFormData(
    buffered,
    async ({ filename, contentType: partType, data: parts }) => {
      const isFile = typeof filename === "string";
      if (isFile && !limits.allowFiles) throw new FormProblemError("malformed");
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of parts) {
        size += chunk.byteLength;
        if (isFile && size > limits.maxFileBytes) throw new FormProblemError("too-large");
        chunks.push(chunk);
      }
      const bytes = concat(chunks, size);
      return isFile ? new File([bytes], filename, { type: partType }) : utf8.decode(bytes);
    },
  );
  // A body that never contains the declared boundary parses as an empty form.
  if (body.byteLength > 0 && [...formData.keys()].length === 0) throw new FormProblemError("malformed");
  return formData;
}
