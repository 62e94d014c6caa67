import fs from "node:fs";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { assertBlobKey, LIST_PAGE_MAX, type BlobListing, type BlobStore } from "./blob-store.js";

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addresses (`endpoint/bucket/key`), which MinIO, s3rver and most self-hosted stores need. */
  forcePathStyle: boolean;
};

/** A client of the store `settings` name, with `config` on top. */
export function s3Client(settings: S3Settings, config: S3ClientConfig = {}): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    ...config,
  });
}

/**
 * One page of the keys starting with `prefix`, after `page.after`. Listed with ListObjects (v1) and a
 * marker: s3rver fails to make the continuation token of a truncated v2 listing on OpenSSL 3.
 */
export async function listPage(
  client: S3Client,
  bucket: string,
  prefix: string,
  page: { after?: string; limit?: number },
): Promise<BlobListing> {
  const answer = await client.send(
    new ListObjectsCommand({
      Bucket: bucket,
      Prefix: prefix,
      Marker: page.after,
      MaxKeys: Math.min(page.limit ?? LIST_PAGE_MAX, LIST_PAGE_MAX),
    }),
  );
  const objects = (answer.Contents ?? []).flatMap((object) =>
    object.Key ? [{ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) }] : [],
  );
  return { objects, next: answer.IsTruncated ? objects.at(-1)?.key : undefined };
}

/** Objects in one bucket of any S3-compatible store, shared by every instance. */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    // A streamed body then goes as it is, not in aws-chunked framing, which s3rver and older stores keep verbatim.
    this.client = s3Client(settings, { requestChecksumCalculation: "WHEN_REQUIRED" });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType }),
    );
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    assertBlobKey(key);
    const { size } = await fs.promises.stat(file);
    const body = fs.createReadStream(file);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: body,
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } finally {
      // A request that failed before reading it all leaves the file open otherwise.
      body.destroy();
    }
  }

  async get(key: string): Promise<Buffer | null> {
    assertBlobKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  list(prefix: string, page: { after?: string; limit?: number } = {}): Promise<BlobListing> {
    return listPage(this.client, this.bucket, prefix.endsWith("/") ? prefix : `${prefix}/`, page);
  }

  close(): void {
    this.client.destroy();
  }
}
