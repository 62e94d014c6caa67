import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { PNG, useServedSubmissions } from "./testing/served-submissions.js";
import { submissionDb } from "./tables.js";
import { BUCKET } from "./testing/test-bucket.js";

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(191, 1)]);
const FIELDS = {
  title: "桶里的投稿",
  kind: "作品",
  description: "直接上传到对象存储。",
  contact: "author@example.com",
};

describe.each(TEST_DATABASES)("投稿 straight to an S3 bucket on $name", (database) => {
  const served = useServedSubmissions(database, { dataDirPrefix: "submission-s3-data-" });
  const { grant: issued, upload: put, save, stored } = served;
  const skip = !database.available;

  it.skipIf(skip)("a credential is a presigned S3 PUT that takes exactly the granted type and size", async () => {
    const grant = await issued(PNG, "image/png", { fileName: "样张.bin" });
    const url = new URL(grant.uploadUrl);
    expect(url.origin).toBe(served.bucket.endpoint);
    expect(url.pathname).toBe(`/${BUCKET}/submissions/incoming/${grant.key}`);
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-SignedHeaders")?.split(";")).toEqual(
      expect.arrayContaining(["content-length", "content-type", "host"]),
    );
    expect(grant).toMatchObject({ method: "PUT", headers: { "Content-Type": "image/png" }, maxSize: PNG.length });

    expect((await put(grant, PNG, { "Content-Type": "image/jpeg" })).status).toBe(403);
    expect((await put(grant, Buffer.concat([PNG, Buffer.alloc(1024, 1)]))).status).toBe(403);
    expect(served.bucket.refused).toEqual(["PUT", "PUT"]);
    await expect(
      served.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `submissions/incoming/${grant.key}` })),
    ).rejects.toThrow();

    expect((await put(grant, PNG)).status).toBe(200);
    const saved = await save({ ...FIELDS, ticket: grant.ticket, files: [grant.key] });
    expect(saved.status, saved.body.message).toBe(200);
    expect((await stored(`submissions/${grant.key}`))?.equals(PNG)).toBe(true);
    expect(await stored(`submissions/incoming/${grant.key}`)).toBeNull();
    const row = await submissionDb(served.backend.db)
      .selectFrom("submission_upload")
      .select(["size", "submission_id"])
      .where("key", "=", grant.key)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ size: PNG.length, submission_id: saved.body.data.id });
  });

  it.skipIf(skip)("a submission refuses a file not uploaded yet, or whose first bytes are not its type", async () => {
    const disguised = await issued(PDF, "image/png", { fileName: "样张.bin" });
    const pending = await issued(PNG, "image/png", { fileName: "样张.bin", ticket: disguised.ticket });
    expect((await save({ ...FIELDS, ticket: disguised.ticket, files: [pending.key] })).body.message).toBe(
      "文件还没有上传完成，请重新上传",
    );

    expect((await put(disguised, PDF)).status).toBe(200);
    expect(await save({ ...FIELDS, ticket: disguised.ticket, files: [disguised.key] })).toEqual({
      status: 400,
      body: { code: "400", message: "文件内容不是所声明的类型，请检查文件", data: null },
    });
    expect(await stored(`submissions/incoming/${disguised.key}`)).toBeNull();
    expect(await stored(`submissions/${disguised.key}`)).toBeNull();

    // The other file of the same ticket is still taken once it is uploaded.
    expect((await put(pending, PNG)).status).toBe(200);
    const saved = await save({ ...FIELDS, ticket: disguised.ticket, files: [pending.key] });
    expect(saved.status, saved.body.message).toBe(200);
  });
});
