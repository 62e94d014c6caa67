import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import express, { type Request } from "express";
import type { Kysely } from "kysely";
import { endpointPath } from "../../contract/endpoint.js";
import {
  getStsToken,
  saveSubmission,
  SNIFF_BYTES,
  sniffUploadType,
  SUBMISSION_FILES_MAX,
  uploadSubmissionFile,
} from "../../contract/submission.js";
import { currentUser, optionalUser } from "../account/index.js";
import type { Database } from "../db/schema.js";
import { ApiError, badRequest } from "../http/envelope.js";
import type { BlobStore } from "../blob/blob-store.js";
import type { S3Settings } from "../blob/s3-blob-store.js";
import { clientKey } from "../http/client-address.js";
import { MemoryRateLimits, RateLimiter } from "../http/rate-limits.js";
import { route } from "../http/route.js";
import { submissionDb } from "./tables.js";
import type { S3Uploads } from "./s3-uploads.js";
import { storedKey } from "./upload-keys.js";
import {
  InMemoryPendingUploads,
  type PendingBounds,
  type PendingDecision,
  type PendingUploads,
} from "./pending-uploads.js";
import { signedUploadQuery, verifyUpload } from "./upload-signature.js";

/** How long an upload credential may be used: enough to send 20 MB over a slow line, no more. */
const CREDENTIAL_TTL_MS = 15 * 60_000;
/** Credentials one client may ask for per window: several submissions of a few files each. */
export const CREDENTIALS_PER_WINDOW = 30;
/** Submissions one client may save per window, like messages on the contact page. */
export const SUBMISSIONS_PER_WINDOW = 5;
export const WINDOW_MS = 10 * 60_000;
/** A refused upload's body is still read up to this, so the client gets the answer; beyond, the connection is cut. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;
const SUBMISSION_BODY_LIMIT = "16kb";
/** A ticket takes more credentials and a submission for this long. */
const TICKET_TTL_MS = 24 * 60 * 60_000;
/**
 * An upload not submitted is kept this long after its credential expired (an upload begun just
 * before may still be arriving, then be submitted), then removed by the next sweep.
 */
const PENDING_GRACE_MS = 5 * 60_000;
/** How often each instance removes uploads no submission took, and how many per sweep. */
const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 500;
/** Bytes of uploads not yet submitted, in all and per client, unless the backend is told otherwise. */
export const DEFAULT_PENDING_BOUNDS: PendingBounds = {
  totalBytes: 2048 * 1024 * 1024,
  perClientBytes: 200 * 1024 * 1024,
};
/** A save checks at most SUBMISSION_FILES_MAX objects in the bucket; a claim older than this was left by a save that died. */
const CLAIM_TTL_MS = 5 * 60_000;

export type SubmissionRouterOptions = {
  db: Kysely<Database>;
  /** Uploaded files go to `<dataDir>/submissions/<key>`. */
  dataDir: string;
  /**
   * Signs upload URLs. By default a random key made at start: a credential lives minutes and is
   * checked by the process that issued it, so nothing needs to outlive a restart.
   */
  secret?: Buffer;
  now?: () => number;
  credentialLimiter?: RateLimiter;
  submissionLimiter?: RateLimiter;
  /** Where finished uploads are kept instead of `<dataDir>/submissions` (a bucket every instance shares). */
  blobs?: BlobStore;
  /**
   * With a bucket, each credential is a presigned S3 PUT straight to it, and saving the submission
   * checks what arrived; without, uploads go through this backend's signed upload endpoint.
   */
  s3?: S3Settings;
  /** Given what lets go of the bucket's connections and stops the sweep, for the backend to call when it closes. */
  onClose?: (close: () => Promise<void>) => void;
  /** How often uploads no submission took are looked for, and how many (or objects in the bucket) one look examines. */
  sweep?: { intervalMs: number; batch: number };
  /** Where uploads not yet submitted are counted; by default in this process, within `pendingBounds`. */
  pending?: PendingUploads;
  pendingBounds?: PendingBounds;
};

const hashTicket = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

function refusal(status: number, message: string): ApiError {
  return new ApiError(status, String(status), message);
}

/** Refusals of an upload's bytes, the same whether they came through this backend or straight to the bucket. */
const emptyUpload = () => badRequest("文件不能为空");
const uploadTooLarge = () => refusal(413, "文件比上传凭证允许的大，请重新上传");
const uploadNotOfItsType = () => badRequest("文件内容不是所声明的类型，请检查文件");
const uploadNotFinished = () => badRequest("文件还没有上传完成，请重新上传");
const submissionInProgress = () => refusal(409, "这次投稿正在提交，请不要重复提交");
const ticketExpired = () => badRequest("投稿凭证已过期，请重新上传文件");
const uploadExpired = () => refusal(410, "上传的文件已过期，请重新上传");

/** A credential refused because too many uploads wait to be submitted: the client's own (429), or everyone's (503). */
function tooMuchPending(decision: Extract<PendingDecision, { allowed: false }>): ApiError {
  const retryAfter = { "Retry-After": String(Math.ceil(decision.retryAfterMs / 1000)) };
  return decision.bound === "client"
    ? new ApiError(429, "429", "你上传后尚未提交的文件太多，请先提交投稿，或稍后再试", retryAfter)
    : new ApiError(503, "503", "等待提交的上传文件太多，暂时不能接收新的上传，请稍后再试", retryAfter);
}

/** Reads and throws away what is left of a refused upload, so the client hears why. */
async function discardBody(req: Request, alreadyRead = 0): Promise<void> {
  let read = alreadyRead;
  for await (const chunk of req) {
    read += (chunk as Buffer).length;
    if (read > DISCARD_LIMIT_BYTES) return;
  }
}

/**
 * 投稿 (contract/submission.ts): upload credentials, the signed upload itself and the submission.
 * Tables: migration 320-submissions.
 */
export function createSubmissionRouter(options: SubmissionRouterOptions): express.Router {
  const db = submissionDb(options.db);
  const secret = options.secret ?? randomBytes(32);
  const now = options.now ?? Date.now;
  const uploadDirectory = path.join(options.dataDir, "submissions");
  const memory = new MemoryRateLimits();
  const credentials =
    options.credentialLimiter ??
    new RateLimiter(memory, { bucket: "upload-credentials", limit: CREDENTIALS_PER_WINDOW, windowMs: WINDOW_MS });
  const submissions =
    options.submissionLimiter ??
    new RateLimiter(memory, { bucket: "submissions", limit: SUBMISSIONS_PER_WINDOW, windowMs: WINDOW_MS });
  const sweep = options.sweep ?? { intervalMs: SWEEP_INTERVAL_MS, batch: SWEEP_BATCH };
  const pending = options.pending ?? new InMemoryPendingUploads(options.pendingBounds ?? DEFAULT_PENDING_BOUNDS);
  // The S3 client is loaded only by the sites that use it.
  const s3 = options.s3;
  const direct: Promise<S3Uploads> | undefined =
    s3 && import("./s3-uploads.js").then(({ S3Uploads }) => new S3Uploads(s3));
  options.onClose?.(async () => (await direct)?.close());
  const router = express.Router();

  route(router, getStsToken, async ({ query }, { req }) => {
    await credentials.consume(req);
    const issuedAt = new Date(now());
    let ticket = query.ticket;
    if (ticket) {
      const ticketHash = hashTicket(ticket);
      const known = await db
        .selectFrom("submission_ticket")
        .select("created_at")
        .where("ticket_hash", "=", ticketHash)
        .executeTakeFirst();
      if (!known) throw badRequest("投稿凭证无效，请重新开始投稿");
      if (new Date(known.created_at).getTime() <= issuedAt.getTime() - TICKET_TTL_MS) throw ticketExpired();
      const [used, uploads] = await Promise.all([
        db.selectFrom("submission").select("id").where("ticket_hash", "=", ticketHash).executeTakeFirst(),
        db
          .selectFrom("submission_upload")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("ticket_hash", "=", ticketHash)
          .executeTakeFirstOrThrow(),
      ]);
      if (used) throw badRequest("这次投稿已经提交，请重新开始投稿");
      if (Number(uploads.n) >= SUBMISSION_FILES_MAX * 2)
        throw badRequest(`一次投稿最多上传 ${SUBMISSION_FILES_MAX} 个文件`);
    } else {
      ticket = randomBytes(32).toString("base64url");
      await db
        .insertInto("submission_ticket")
        .values({ ticket_hash: hashTicket(ticket), created_at: issuedAt })
        .execute();
    }
    const key = randomBytes(18).toString("base64url");
    const expires = issuedAt.getTime() + CREDENTIAL_TTL_MS;
    // Held until the sweep after the grace could have removed the file.
    const until = expires + PENDING_GRACE_MS + sweep.intervalMs;
    const reserved = await pending.reserve(
      { key, client: clientKey(req), bytes: query.size, until },
      issuedAt.getTime(),
    );
    if (!reserved.allowed) throw tooMuchPending(reserved);
    try {
      await db
        .insertInto("submission_upload")
        .values({
          key,
          ticket_hash: hashTicket(ticket),
          file_name: query.fileName,
          content_type: query.contentType,
          max_size: query.size,
          expires_at: new Date(expires),
          created_at: issuedAt,
        })
        .execute();
    } catch (error) {
      await pending.release([key]);
      throw error;
    }
    const grant = { key, contentType: query.contentType, maxSize: query.size, expires };
    const bucket = await direct;
    const uploadUrl = bucket
      ? await bucket.presignPut({
          key,
          contentType: query.contentType,
          size: query.size,
          expiresInSeconds: CREDENTIAL_TTL_MS / 1000,
        })
      : `${endpointPath(uploadSubmissionFile, { key })}?${signedUploadQuery(secret, grant)}`;
    return {
      ticket,
      key,
      uploadUrl,
      method: "PUT" as const,
      headers: { "Content-Type": query.contentType },
      contentType: query.contentType,
      maxSize: query.size,
      expiresAt: new Date(expires).toISOString(),
    };
  });

  route(router, uploadSubmissionFile, async ({ params, query }, { req }) => {
    const verdict = verifyUpload(secret, params.key, query, now());
    if (!verdict.ok) {
      await discardBody(req);
      throw refusal(403, verdict.reason === "expired" ? "上传凭证已过期，请重新上传" : "上传签名无效");
    }
    const { grant } = verdict;
    const declaredType = (req.get("content-type") ?? "").split(";", 1)[0]!.trim().toLowerCase();
    if (declaredType !== grant.contentType) {
      await discardBody(req);
      throw badRequest("文件类型与上传凭证不符");
    }
    const upload = await db
      .selectFrom("submission_upload")
      .select(["key", "uploaded_at"])
      .where("key", "=", grant.key)
      .executeTakeFirst();
    if (!upload || upload.uploaded_at) {
      await discardBody(req);
      throw refusal(409, "这个上传凭证已经用过了，请重新上传");
    }

    await fs.promises.mkdir(uploadDirectory, { recursive: true });
    const finalPath = path.join(uploadDirectory, grant.key);
    const partPath = `${finalPath}.${randomBytes(6).toString("hex")}.part`;
    const out = fs.createWriteStream(partPath, { flags: "wx" });
    const outError = once(out, "error").then(([error]) => error as Error);
    outError.catch(() => {});
    let size = 0;
    let head = Buffer.alloc(0);
    let problem: ApiError | null = null;
    const checkHead = () => {
      if (sniffUploadType(head) !== grant.contentType) problem = uploadNotOfItsType();
    };
    try {
      for await (const chunk of req) {
        const bytes = chunk as Buffer;
        size += bytes.length;
        if (problem) {
          if (size > DISCARD_LIMIT_BYTES) break;
          continue;
        }
        if (size > grant.maxSize) {
          problem = uploadTooLarge();
          continue;
        }
        if (head.length < SNIFF_BYTES) {
          head = Buffer.concat([head, bytes]).subarray(0, SNIFF_BYTES);
          if (head.length >= SNIFF_BYTES) checkHead();
          if (problem) continue;
        }
        if (!out.write(bytes))
          await Promise.race([once(out, "drain"), outError.then((error) => Promise.reject(error))]);
      }
      if (!problem && size === 0) problem = emptyUpload();
      if (!problem && head.length < SNIFF_BYTES) checkHead();
      if (problem) throw problem;
      out.end();
      await Promise.race([once(out, "finish"), outError.then((error) => Promise.reject(error))]);
      // Its size claims the key while the file is written, so a second upload with the same
      // credential is refused; the upload is done only once the file is where it is kept.
      const claimed = await db
        .updateTable("submission_upload")
        .set({ size })
        .where("key", "=", grant.key)
        .where("uploaded_at", "is", null)
        .where("size", "is", null)
        .returning("key")
        .executeTakeFirst();
      if (!claimed) throw refusal(409, "这个上传凭证已经用过了，请重新上传");
      try {
        if (options.blobs) {
          await options.blobs.putFile(storedKey(grant.key), partPath, grant.contentType);
          await fs.promises.rm(partPath, { force: true });
        } else {
          await fs.promises.rename(partPath, finalPath);
        }
      } catch (error) {
        await db.updateTable("submission_upload").set({ size: null }).where("key", "=", grant.key).execute();
        throw error;
      }
      const done = await db
        .updateTable("submission_upload")
        .set({ uploaded_at: new Date(now()) })
        .where("key", "=", grant.key)
        .returning("key")
        .executeTakeFirst();
      // The sweep took the credential while the file was written (it arrived after the grace).
      if (!done) {
        await removeStored(grant.key);
        throw uploadExpired();
      }
      return { key: grant.key, size };
    } catch (error) {
      out.destroy();
      await fs.promises.rm(partPath, { force: true });
      throw error;
    }
  });

  /**
   * Checks a file uploaded straight to the bucket as the upload endpoint checks one sent to it: the
   * granted size and type, and first bytes that are what the type says. A refused object is deleted.
   * Answers the accepted size.
   */
  async function acceptDirectUpload(upload: { key: string; content_type: string; max_size: number }): Promise<number> {
    const bucket = await direct!;
    const uploaded = await bucket.inspect(upload.key, SNIFF_BYTES);
    if (!uploaded) throw uploadNotFinished();
    let problem: ApiError | null = null;
    if (uploaded.size === 0) problem = emptyUpload();
    else if (uploaded.size > Number(upload.max_size)) problem = uploadTooLarge();
    else if (uploaded.contentType !== upload.content_type) problem = badRequest("文件类型与上传凭证不符");
    else if (sniffUploadType(uploaded.head) !== upload.content_type) problem = uploadNotOfItsType();
    if (problem) {
      await bucket.refuse(upload.key);
      throw problem;
    }
    if (!(await bucket.accept(upload.key, uploaded.etag))) throw refusal(409, "文件在检查时被改动了，请重新上传");
    return uploaded.size;
  }

  /**
   * Takes the ticket for one save. The files are then checked in the bucket outside any transaction
   * (with PGlite a transaction holds the only connection); a second save of the ticket meanwhile is
   * refused. A claim older than CLAIM_TTL_MS is taken to belong to a save that died.
   */
  async function claimTicket(ticketHash: string, claimedAt: Date): Promise<void> {
    const claimed = await db
      .updateTable("submission_ticket")
      .set({ claimed_at: claimedAt })
      .where("ticket_hash", "=", ticketHash)
      .where("created_at", ">", new Date(claimedAt.getTime() - TICKET_TTL_MS))
      .where((eb) =>
        eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", new Date(claimedAt.getTime() - CLAIM_TTL_MS))]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("submission").select("id").where("ticket_hash", "=", ticketHash))),
      )
      .returning("ticket_hash")
      .executeTakeFirst();
    if (claimed) return;
    const [known, used] = await Promise.all([
      db.selectFrom("submission_ticket").select("created_at").where("ticket_hash", "=", ticketHash).executeTakeFirst(),
      db.selectFrom("submission").select("id").where("ticket_hash", "=", ticketHash).executeTakeFirst(),
    ]);
    if (!known) throw badRequest("投稿凭证无效，请重新上传文件");
    if (used) throw badRequest("这次投稿已经提交过了");
    if (new Date(known.created_at).getTime() <= claimedAt.getTime() - TICKET_TTL_MS) throw ticketExpired();
    throw submissionInProgress();
  }

  route(
    router,
    saveSubmission,
    async ({ body }, { req, res }) => {
      await submissions.consume(req);
      const ticketHash = hashTicket(body.ticket);
      const claimedAt = new Date(now());
      await claimTicket(ticketHash, claimedAt);
      let saved: { id: number };
      try {
        const uploads = await db
          .selectFrom("submission_upload")
          .select(["key", "uploaded_at", "content_type", "max_size", "expires_at"])
          .where("ticket_hash", "=", ticketHash)
          .where("key", "in", body.files)
          .execute();
        const checked: Array<{ key: string; size: number }> = [];
        for (const key of body.files) {
          const upload = uploads.find((row) => row.key === key);
          if (!upload) throw badRequest("文件不属于这次投稿，请重新上传");
          if (new Date(upload.expires_at).getTime() <= claimedAt.getTime() - PENDING_GRACE_MS) throw uploadExpired();
          if (upload.uploaded_at) continue;
          if (!direct) throw uploadNotFinished();
          checked.push({ key, size: await acceptDirectUpload(upload) });
        }
        saved = await db.transaction().execute(async (trx) => {
          // Still this save's claim (it may have been taken as stale); kept locked until commit.
          const held = await trx
            .updateTable("submission_ticket")
            .set({ claimed_at: null })
            .where("ticket_hash", "=", ticketHash)
            .where("claimed_at", "=", claimedAt)
            .returning("ticket_hash")
            .executeTakeFirst();
          if (!held) throw submissionInProgress();
          // In PostgreSQL a claim that waited for the ticket's row while another save committed passes
          // its subquery on the snapshot from before that commit; this statement sees the commit.
          const used = await trx
            .selectFrom("submission")
            .select("id")
            .where("ticket_hash", "=", ticketHash)
            .executeTakeFirst();
          if (used) throw badRequest("这次投稿已经提交过了");
          for (const { key, size } of checked) {
            await trx
              .updateTable("submission_upload")
              .set({ size, uploaded_at: new Date(now()) })
              .where("key", "=", key)
              .execute();
          }
          const { id } = await trx
            .insertInto("submission")
            .values({
              ticket_hash: ticketHash,
              title: body.title,
              kind: body.kind,
              description: body.description,
              contact: body.contact,
              user_id: currentUser(res)?.userId ?? null,
              ip: req.ip ?? null,
              user_agent: req.get("user-agent")?.slice(0, 500) ?? null,
              created_at: new Date(now()),
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await trx
            .updateTable("submission_upload")
            .set({ submission_id: id })
            .where("key", "in", body.files)
            .execute();
          return { id };
        });
      } catch (error) {
        await db
          .updateTable("submission_ticket")
          .set({ claimed_at: null })
          .where("ticket_hash", "=", ticketHash)
          .where("claimed_at", "=", claimedAt)
          .execute();
        throw error;
      }
      await pending.release(body.files);
      // Kept until the submission is saved, so a refusal of another file lets this one be checked again.
      // The submission is saved whatever happens here: what the bucket keeps goes with the sweep.
      if (direct) {
        const bucket = await direct;
        await Promise.all(body.files.map((key) => bucket.refuse(key))).catch((error: unknown) =>
          console.warn("投稿已保存，上传区中的文件暂未删除", error),
        );
      }
      return saved;
    },
    { before: [optionalUser(options.db), express.json({ limit: SUBMISSION_BODY_LIMIT })] },
  );

  /** Deletes the file of an upload this backend received, wherever it was kept. */
  async function removeStored(key: string): Promise<void> {
    if (options.blobs) await options.blobs.delete(storedKey(key));
    else await fs.promises.rm(path.join(uploadDirectory, key), { force: true });
  }

  /**
   * Removes uploads no submission took, a batch per sweep, once their credential has expired and
   * the grace has passed: the row first, in one statement that leaves alone a ticket a save has
   * just claimed (its files are being checked), then the file (received here, or waiting in the
   * bucket), then the reservation. A save later finds the file unknown.
   */
  async function sweepExpired(batch: number): Promise<void> {
    const removed = await db
      .deleteFrom("submission_upload")
      .where((eb) =>
        eb(
          "key",
          "in",
          eb
            .selectFrom("submission_upload")
            .select("key")
            .where("submission_id", "is", null)
            .where("expires_at", "<", new Date(now() - PENDING_GRACE_MS))
            .limit(batch),
        ),
      )
      .where("submission_id", "is", null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("submission_ticket")
              .select("submission_ticket.ticket_hash")
              .whereRef("submission_ticket.ticket_hash", "=", "submission_upload.ticket_hash")
              .where("submission_ticket.claimed_at", ">", new Date(now() - CLAIM_TTL_MS)),
          ),
        ),
      )
      .returning("key")
      .execute();
    if (removed.length === 0) return;
    const bucket = await direct;
    for (const { key } of removed) {
      // Also what a save that failed had copied from the bucket's incoming prefix. A part file of an
      // upload still arriving goes when that upload finds its row gone.
      await removeStored(key);
      await bucket?.refuse(key);
    }
    await pending.release(removed.map(({ key }) => key));
  }

  /**
   * Removes objects under the bucket's incoming prefix that no submission will take: those older
   * than a credential whose upload is unknown (never issued, or swept above), already submitted
   * (copied when saved), or expired past the grace and not being saved. Every instance may sweep at
   * once: whether an object goes depends only on the database. One sweep examines one page; the
   * next continues after it.
   */
  let sweptUpTo: string | undefined;
  async function sweepIncoming(batch: number): Promise<void> {
    const bucket = await direct!;
    const { uploads, last } = await bucket.listIncoming(sweptUpTo, batch);
    sweptUpTo = last;
    const old = uploads.filter((upload) => upload.modifiedAt.getTime() < now() - CREDENTIAL_TTL_MS);
    if (old.length === 0) return;
    const live = await db
      .selectFrom("submission_upload")
      .innerJoin("submission_ticket", "submission_ticket.ticket_hash", "submission_upload.ticket_hash")
      .select("submission_upload.key")
      .where(
        "submission_upload.key",
        "in",
        old.map((upload) => upload.key),
      )
      .where("submission_upload.submission_id", "is", null)
      .where((eb) =>
        eb.or([
          eb("submission_upload.expires_at", ">=", new Date(now() - PENDING_GRACE_MS)),
          // A save that claimed the ticket just before the grace ended is still checking these files.
          eb("submission_ticket.claimed_at", ">", new Date(now() - CLAIM_TTL_MS)),
        ]),
      )
      .execute();
    const kept = new Set(live.map((row) => row.key));
    for (const upload of old) if (!kept.has(upload.key)) await bucket.refuse(upload.key);
  }

  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepExpired(sweep.batch)
      .then(() => direct && sweepIncoming(sweep.batch))
      .catch((error: unknown) => console.warn("清理未提交的投稿文件失败", error))
      .finally(() => (sweeping = false));
  }, sweep.intervalMs);
  timer.unref();
  options.onClose?.(async () => clearInterval(timer));

  return router;
}
