import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { EMAIL_PATTERN, graphemeCount, honeypotSchema, PHONE_PATTERN } from "./fields";
import { queryValue } from "./query";

/**
 * 投稿: a visitor sends in a font or a work (title, kind, description, contact, files) for the
 * editors to review. Each file is uploaded with a short-lived credential that allows exactly one
 * upload: one key, one content type, at most a given size, until it expires. All credentials of one
 * submission share a `ticket`, the submitter's secret; a submission may only name files uploaded
 * under its own ticket.
 */

/** What a submission may carry, recognised by the file's first bytes, not by its name. */
export const UPLOAD_TYPES = [
  "font/ttf",
  "font/otf",
  "font/woff",
  "font/woff2",
  "image/png",
  "image/jpeg",
  "image/webp",
  "application/pdf",
  "application/zip",
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** 20 MiB: a whole CJK font fits; anything larger is better sent as a link in the description. */
export const SUBMISSION_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const SUBMISSION_FILES_MAX = 3;
export const SUBMISSION_TITLE_MAX = 50;
export const SUBMISSION_DESCRIPTION_MAX = 1000;
export const SUBMISSION_KINDS = ["字体", "作品"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const UPLOAD_TYPE_MESSAGE = "只能上传字体（TTF、OTF、WOFF、WOFF2）、图片（PNG、JPEG、WebP）、PDF 或 ZIP 文件";
export const UPLOAD_TOO_LARGE_MESSAGE = `单个文件不能超过 ${SUBMISSION_FILE_MAX_BYTES / 1024 / 1024}MB`;
export const SUBMISSION_CONTACT_MESSAGE = "请填写手机号或邮箱，方便编辑联系您";

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The signatures of each type's first bytes. */
const MAGIC: ReadonlyArray<{ type: UploadType; test: (bytes: Uint8Array) => boolean }> = [
  { type: "font/ttf", test: (b) => startsWith(b, [0x00, 0x01, 0x00, 0x00]) || startsWith(b, ascii("true")) },
  { type: "font/otf", test: (b) => startsWith(b, ascii("OTTO")) },
  { type: "font/woff", test: (b) => startsWith(b, ascii("wOFF")) },
  { type: "font/woff2", test: (b) => startsWith(b, ascii("wOF2")) },
  { type: "image/png", test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: "image/jpeg", test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: "image/webp", test: (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8) },
  { type: "application/pdf", test: (b) => startsWith(b, ascii("%PDF-")) },
  { type: "application/zip", test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) },
];

/** How many first bytes `sniffUploadType` needs. */
export const SNIFF_BYTES = 12;

/** The type a file's first bytes show, or null when they are none of the accepted ones. */
export function sniffUploadType(firstBytes: Uint8Array): UploadType | null {
  return MAGIC.find((magic) => magic.test(firstBytes))?.type ?? null;
}

/** An upload key: random, URL-safe; the only name the file has in storage. */
const uploadKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "文件标识无效");
const ticket = z.string().regex(/^[A-Za-z0-9_-]{32,64}$/, "投稿凭证无效");

export const stsTokenQuerySchema = z.object({
  contentType: queryValue().pipe(z.enum(UPLOAD_TYPES, { errorMap: () => ({ message: UPLOAD_TYPE_MESSAGE }) })),
  size: queryValue()
    .regex(/^\d{1,12}$/, "必须是文件的字节数")
    .transform(Number)
    .pipe(z.number().min(1, "文件不能为空").max(SUBMISSION_FILE_MAX_BYTES, UPLOAD_TOO_LARGE_MESSAGE)),
  /** The file's own name, kept for the editors. */
  fileName: queryValue().trim().min(1, "请提供文件名").max(200, "文件名最多 200 个字符"),
  /** Another file of the same submission: the ticket the first credential gave. */
  ticket: ticket.optional(),
});
export type StsTokenQuery = z.output<typeof stsTokenQuerySchema>;

export const stsTokenSchema = z.object({
  ticket,
  key: uploadKey,
  /**
   * Where to PUT the file's bytes: relative to the API base (the backend's own upload endpoint), or
   * an absolute presigned URL of the object store when one is configured. The signature is in its query.
   */
  uploadUrl: z.string().min(1),
  method: z.literal("PUT"),
  /** The headers the PUT must carry, exactly; the body must be the `maxSize` bytes declared. */
  headers: z.record(z.string()),
  /** The Content-Type the upload must carry. */
  contentType: z.enum(UPLOAD_TYPES),
  maxSize: z.number().int().positive(),
  /** ISO 8601; the credential is refused after it. */
  expiresAt: z.string().datetime({ offset: true }),
});
export type StsToken = z.infer<typeof stsTokenSchema>;

export const uploadParamsSchema = z.object({ key: uploadKey });
export const uploadQuerySchema = z.object({
  type: queryValue(),
  size: queryValue(),
  expires: queryValue(),
  signature: queryValue(),
});

export const uploadedSchema = z.object({ key: uploadKey, size: z.number().int().positive() });

function textWithin(required: string, max: number, tooLong: string) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .refine((value) => graphemeCount(value) <= max, tooLong)
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), "不能包含控制字符");
}

/** The fields a person fills in; shared by the website's form and the backend. */
export const submissionFieldsSchema = z.object({
  website: honeypotSchema,
  title: textWithin("请填写投稿标题", SUBMISSION_TITLE_MAX, `标题最多 ${SUBMISSION_TITLE_MAX} 个字`),
  kind: z.enum(SUBMISSION_KINDS, { errorMap: () => ({ message: "请选择投稿类型：字体或作品" }) }),
  description: textWithin("请填写投稿说明", SUBMISSION_DESCRIPTION_MAX, `说明最多 ${SUBMISSION_DESCRIPTION_MAX} 个字`),
  contact: z
    .string({ required_error: SUBMISSION_CONTACT_MESSAGE, invalid_type_error: SUBMISSION_CONTACT_MESSAGE })
    .trim()
    .refine((value) => value.length <= 100 && (PHONE_PATTERN.test(value) || EMAIL_PATTERN.test(value)), {
      message: SUBMISSION_CONTACT_MESSAGE,
    }),
});
export type SubmissionFields = z.output<typeof submissionFieldsSchema>;

export const saveSubmissionBodySchema = submissionFieldsSchema.extend({
  ticket: z.string({ required_error: "请先上传文件" }).pipe(ticket),
  files: z
    .array(uploadKey, { required_error: "请至少上传一个文件", invalid_type_error: "请至少上传一个文件" })
    .min(1, "请至少上传一个文件")
    .max(SUBMISSION_FILES_MAX, `最多上传 ${SUBMISSION_FILES_MAX} 个文件`)
    .refine((keys) => new Set(keys).size === keys.length, "同一个文件只能提交一次"),
});
export type SaveSubmissionBody = z.input<typeof saveSubmissionBodySchema>;

/** A credential for uploading one file of a submission. */
export const getStsToken = defineEndpoint({
  method: "GET",
  path: "/web/api/submission/getSTSToken",
  query: stsTokenQuerySchema,
  data: stsTokenSchema,
  auth: "optional",
});

/**
 * The file's bytes, sent as the request body with the credential's Content-Type; checked against
 * the signature, the size as it arrives and the first bytes.
 */
export const uploadSubmissionFile = defineEndpoint({
  method: "PUT",
  path: "/web/api/submission/upload/:key",
  params: uploadParamsSchema,
  query: uploadQuerySchema,
  data: uploadedSchema,
  auth: "none",
});

/** Stores a submission for review; its files must have been uploaded under its ticket. */
export const saveSubmission = defineEndpoint({
  method: "POST",
  path: "/web/api/submission/saveSubmission",
  body: saveSubmissionBodySchema,
  data: z.object({ id: z.number().int().positive() }),
  auth: "optional",
});

export const submissionEndpoints = { getStsToken, uploadSubmissionFile, saveSubmission };
