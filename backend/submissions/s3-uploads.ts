import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { listPage, s3Client, type S3Settings } from "../blob/s3-blob-store.js";
import { INCOMING_PREFIX, incomingKey, storedKey } from "./upload-keys.js";

/** What an uploaded object is, as far as saving a submission needs: its size, type and first bytes. */
export type UploadedObject = { size: number; contentType: string; head: Buffer; etag: string };

/** An object under the incoming prefix: the upload key it was presigned for, and when it was written. */
export type IncomingUpload = { key: string; modifiedAt: Date };

/**
 * Uploads sent straight to the bucket: a presigned PUT per file, bound to its key, Content-Type and
 * exact Content-Length, then the submission's check of what actually arrived.
 */
export class S3Uploads {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    // A presigned URL cannot carry the checksum of a body it has not seen.
    this.client = s3Client(settings, { requestChecksumCalculation: "WHEN_REQUIRED" });
  }

  /** A URL that accepts one PUT of exactly `size` bytes of `contentType` at `key` for `expiresInSeconds`. */
  presignPut(grant: { key: string; contentType: string; size: number; expiresInSeconds: number }): Promise<string> {
    return getSignedUrl(
      this.client,
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: incomingKey(grant.key),
        ContentType: grant.contentType,
        ContentLength: grant.size,
      }),
      // Content-Type is not signed unless asked; Content-Length always is.
      { expiresIn: grant.expiresInSeconds, signableHeaders: new Set(["content-type", "content-length"]) },
    );
  }

  /** The uploaded object's size, type and first `headBytes` bytes, or null when nothing was uploaded. */
  async inspect(key: string, headBytes: number): Promise<UploadedObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: incomingKey(key) }));
      const etag = head.ETag ?? "";
      const size = head.ContentLength ?? 0;
      let first = Buffer.alloc(0);
      if (size > 0) {
        const ranged = await this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: incomingKey(key),
            Range: `bytes=0-${headBytes - 1}`,
            // The bytes read belong to the version whose size and type were just read.
            IfMatch: etag || undefined,
          }),
        );
        first = Buffer.from((await ranged.Body?.transformToByteArray()) ?? []);
      }
      const contentType = (head.ContentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
      return { size, contentType, head: first.subarray(0, headBytes), etag };
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === "NotFound" || name === "NoSuchKey") return null;
      throw error;
    }
  }

  /**
   * Moves the checked version to where accepted uploads are kept. The presigned URL stays valid until
   * it expires, so only the version whose ETag was checked is copied; a later PUT cannot replace it.
   * The incoming object is left for `refuse` once the submission is saved. Answers false when the
   * object changed since it was checked.
   */
  async accept(key: string, etag: string): Promise<boolean> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: storedKey(key),
          CopySource: `${this.bucket}/${encodeURI(incomingKey(key))}`,
          CopySourceIfMatch: etag || undefined,
        }),
      );
    } catch (error) {
      if ((error as { name?: string }).name === "PreconditionFailed") return false;
      throw error;
    }
    return true;
  }

  /** Removes what was uploaded at `key`; no error when nothing is there. */
  async refuse(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: incomingKey(key) }));
  }

  /**
   * Up to `limit` uploads waiting under the incoming prefix, in key order after `after`, by their
   * upload key; `last` is where the next page starts, absent at the end.
   */
  async listIncoming(after: string | undefined, limit: number): Promise<{ uploads: IncomingUpload[]; last?: string }> {
    const page = await listPage(this.client, this.bucket, INCOMING_PREFIX, {
      after: after === undefined ? undefined : incomingKey(after),
      limit,
    });
    const uploads = page.objects.map((object) => ({
      key: object.key.slice(INCOMING_PREFIX.length),
      modifiedAt: object.modifiedAt,
    }));
    return { uploads, last: page.next === undefined ? undefined : uploads.at(-1)?.key };
  }

  close(): void {
    this.client.destroy();
  }
}
