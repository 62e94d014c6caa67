import { mkdtemp, rm } from "node:fs/promises";
import { createWriteStream, openAsBlob } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";

/** What a form post becomes, or why it could not be read. */
export type FormSubmission =
  | {
      ok: true;
      formData: FormData;
      /** Names of the file parts over `maxFileBytes`: not kept, nor in `formData`. */
      oversized: string[];
      /** Deletes the files of the form from the disk; call it once the files have been used. */
      discard(): Promise<void>;
    }
  | { ok: false; problem: FormProblem; message: string };

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
  /**
   * Bytes one file may hold (default `maxBytes`). A larger file is not kept: its bytes are read and
   * thrown away as they arrive and its name is listed in `oversized`, so the form can say so beside
   * the field with everything else kept.
   */
  maxFileBytes?: number;
};

export const DEFAULT_FORM_MAX_BYTES = 64 * 1024;

/** A text field (not a file) of any form: the longest the site asks for is a few KiB. */
const FIELD_MAX_BYTES = 64 * 1024;
/** Parts of one multipart form: every form of the site has far fewer. */
const PARTS_MAX = 100;
const FILES_MAX = 10;

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
 * broken multipart, or is not UTF-8. For forms without files.
 */
export async function parseFormSubmission(
  request: Request,
  options: Pick<FormSubmissionOptions, "maxBytes"> = {},
): Promise<FormData> {
  const submission = await readFormSubmission(request, { maxBytes: options.maxBytes });
  if (!submission.ok) throw formProblemResponse(submission);
  return submission.formData;
}

/** The 400 answer for a form that could not be read: a page's error boundary, or a resource route's JSON. */
export function formProblemResponse(submission: { message: string }): Response {
  return Response.json({ message: submission.message }, { status: 400, headers: { "Cache-Control": "no-store" } });
}

/**
 * Like `parseFormSubmission`, for an action that answers some problems itself (an oversized upload).
 * The body is read as it arrives, never whole: text fields are kept in memory (each at most 64 KiB),
 * files are written to a temporary folder of their own, and the FormData's File objects read them
 * from there; `discard()` deletes them.
 */
export async function readFormSubmission(
  request: Request,
  options: FormSubmissionOptions = {},
): Promise<FormSubmission> {
  const maxBytes = options.maxBytes ?? DEFAULT_FORM_MAX_BYTES;
  const body = new CountedBody(request);
  const files = new FormFiles();
  try {
    const type = mediaType(request.headers.get("Content-Type"));
    if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
      throw new FormProblemError("not-a-form");
    }
    if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw new FormProblemError("too-large");
    if (type === "application/x-www-form-urlencoded") {
      return { ok: true, formData: parseUrlEncoded(await body.read(maxBytes)), oversized: [], discard: files.discard };
    }
    const parsed = await parseMultipart(request.headers.get("Content-Type") ?? "", body.stream(maxBytes), files, {
      allowFiles: options.allowFiles ?? false,
      maxFileBytes: options.maxFileBytes ?? maxBytes,
    });
    // A body that never contains the declared boundary parses as an empty form.
    if (body.size > 0 && parsed.parts === 0) throw new FormProblemError("malformed");
    return { ok: true, formData: parsed.formData, oversized: parsed.oversized, discard: files.discard };
  } catch (error) {
    await files.discard();
    const problem = body.tooLarge ? "too-large" : error instanceof FormProblemError ? error.problem : "malformed";
    return { ok: false, problem, message: FORM_PROBLEM_MESSAGES[problem] };
  } finally {
    // What the parser left (a refused body, or the epilogue after the last boundary) is thrown away.
    await body.drain();
  }
}

function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** A request's body, read once, its bytes counted as they arrive. */
class CountedBody {
  size = 0;
  tooLarge = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array> | undefined;

  constructor(request: Request) {
    this.reader = request.body?.getReader();
  }

  /** The next chunk, or null at the end; past `maxBytes` the body is refused as too large. */
  private async next(maxBytes: number): Promise<Uint8Array | null> {
    if (!this.reader || this.tooLarge) return null;
    const { done, value } = await this.reader.read();
    if (done) return null;
    this.size += value.byteLength;
    if (this.size > maxBytes) {
      this.tooLarge = true;
      throw new FormProblemError("too-large");
    }
    return value;
  }

  /** The whole body (a urlencoded form: small by its limit). */
  async read(maxBytes: number): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    for (let chunk = await this.next(maxBytes); chunk; chunk = await this.next(maxBytes)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** The body as a Node stream, read only as fast as its consumer takes it. */
  stream(maxBytes: number): Readable {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const body = this;
    return new Readable({
      read() {
        body.next(maxBytes).then(
          (chunk) => {
            if (!this.destroyed) this.push(chunk);
          },
          (error: unknown) => this.destroy(error as Error),
        );
      },
    });
  }

  /**
   * Reads what is left to its end (up to the discard limit) and throws it away: left unread, it
   * holds up the connection, and the browser's next request on it waits until the server gives up.
   */
  async drain(): Promise<void> {
    if (!this.reader) return;
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) return;
        this.size += value.byteLength;
        if (this.size > DISCARD_LIMIT_BYTES) {
          await this.reader.cancel();
          return;
        }
      }
    } catch {
      // The client went away: nothing left to read.
    }
  }
}

/** The temporary folder one form's files are written to, made when its first file arrives. */
class FormFiles {
  private folder: Promise<string> | undefined;
  private count = 0;

  async path(): Promise<string> {
    this.folder ??= mkdtemp(path.join(tmpdir(), "ziti-form-"));
    return path.join(await this.folder, String(this.count++));
  }

  discard = async (): Promise<void> => {
    const folder = this.folder;
    this.folder = undefined;
    if (folder) await rm(await folder, { recursive: true, force: true }).catch(() => undefined);
  };
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

type FormEntry = [name: string, value: string | File | null];

/**
 * Streams a multipart body through busboy: each file part into a file of its own as it arrives
 * (a part over `maxFileBytes` stops being written at the limit and is deleted), each text field,
 * decoded as strict UTF-8, into memory.
 */
async function parseMultipart(
  contentType: string,
  body: Readable,
  files: FormFiles,
  limits: { allowFiles: boolean; maxFileBytes: number },
): Promise<{ formData: FormData; oversized: string[]; parts: number }> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // One past each limit: busboy reports a part that reaches its limit, not one that passes it.
      limits: {
        fileSize: limits.maxFileBytes + 1,
        fieldSize: FIELD_MAX_BYTES + 1,
        parts: PARTS_MAX,
        files: FILES_MAX,
      },
      // Fields arrive as bytes (latin1 keeps each one) and are decoded here, refusing what is not UTF-8.
      defCharset: "latin1",
      defParamCharset: "utf8",
    });
  } catch {
    throw new FormProblemError("malformed");
  }
  const entries: Array<Promise<FormEntry>> = [];
  const oversized: string[] = [];
  let problem: FormProblem | undefined;

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) problem ??= "too-large";
    const text = decodeField(value);
    if (text === null) problem ??= "malformed";
    entries.push(Promise.resolve([name, text]));
  });
  parser.on("file", (name, stream, info) => {
    // busboy destroys a file part cut short with the form's own error, which the parse reports; unheard
    // here (before the part is piped, or when it is skipped) it would end the process.
    stream.on("error", () => undefined);
    if (!limits.allowFiles) {
      problem ??= "malformed";
      stream.resume();
      return;
    }
    entries.push(
      storeFile(stream, files).then(async (stored): Promise<FormEntry> => {
        const type = info.mimeType;
        if (stream.truncated) {
          oversized.push(info.filename ?? "");
          await rm(stored, { force: true });
          return [name, null];
        }
        return [name, new File([await openAsBlob(stored, { type })], info.filename ?? "", { type })];
      }),
    );
  });
  const overLimit = () => (problem ??= "too-large");
  parser.on("partsLimit", overLimit);
  parser.on("filesLimit", overLimit);
  parser.on("fieldsLimit", overLimit);

  const parsed = await pipeline(body, parser).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  // Every file is awaited, so none is still being written when the folder is discarded.
  const settled = await Promise.allSettled(entries);
  if (parsed) throw parsed.error;
  if (problem) throw new FormProblemError(problem);
  const formData = new FormData();
  for (const entry of settled) {
    if (entry.status === "rejected") throw entry.reason;
    const [name, value] = entry.value;
    if (value !== null) formData.append(name, value);
  }
  return { formData, oversized, parts: entries.length };
}

/** A field's text, or null when its bytes are not UTF-8. */
function decodeField(value: string): string | null {
  try {
    return utf8.decode(Buffer.from(value, "latin1"));
  } catch {
    return null;
  }
}

/** Writes a file part to a new file as it arrives, at the reader's pace. */
async function storeFile(stream: Readable, files: FormFiles): Promise<string> {
  const file = await files.path();
  await pipeline(stream, createWriteStream(file, { flags: "wx" }));
  return file;
}
