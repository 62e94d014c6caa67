import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HONEYPOT_MESSAGE } from "../../contract/fields.js";
import {
  SUBMISSION_CONTACT_MESSAGE,
  submissionEndpoints,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_TYPE_MESSAGE,
  type StsToken,
} from "../../contract/submission.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { apiErrorHandler } from "../http/errors.js";
import { serveRouter, type TestServer } from "../http/testing/test-server.js";
import { createBackend, type Backend } from "../index.js";
import { createSubmissionRouter } from "./routes.js";
import { submissionDb } from "./tables.js";

type Envelope<T = unknown> = { code: string; message: string; data: T };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const TTF = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00]), Buffer.alloc(300, 3)]);
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(100, 1)]);
const FIELDS = {
  title: "秋日手写体",
  kind: "字体",
  description: "一款为短视频字幕画的手写体。",
  contact: "author@example.com",
};

describe.each(TEST_DATABASES)("投稿 API on $name", (database) => {
  let backend: Backend;
  let server: TestServer;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let clock = Date.parse("2026-05-01T08:00:00Z");

  beforeAll(async () => {
    if (!database.available) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "submission-test-"));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    backend = await createBackend({ ...options, dataDir });
    const router = express.Router();
    // A clock of its own, so a credential can be let expire.
    router.use(createSubmissionRouter({ db: backend.db, dataDir, now: () => clock }));
    router.use(apiErrorHandler);
    server = await serveRouter(router);
  });

  afterAll(async () => {
    if (!database.available) return;
    expect(server?.statuses.filter((status) => status >= 500)).toEqual([]);
    await server?.close();
    await backend?.close();
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const skip = !database.available;

  async function json<T>(response: Response) {
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  async function credential(query: Record<string, string | number>) {
    const url = new URL(submissionEndpoints.getStsToken.path, server.origin);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return json<StsToken>(await fetch(url));
  }

  async function issued(bytes: Buffer, contentType: string, ticket?: string) {
    const { status, body } = await credential({
      contentType,
      size: bytes.length,
      fileName: "样张.bin",
      ...(ticket ? { ticket } : {}),
    });
    expect(status, body.message).toBe(200);
    return body.data;
  }

  function upload(uploadUrl: string, bytes: Buffer, contentType: string) {
    return fetch(new URL(uploadUrl, server.origin), {
      method: "PUT",
      headers: { "Content-Type": contentType },
      body: new Uint8Array(bytes),
    });
  }

  function save(body: unknown) {
    return fetch(new URL(submissionEndpoints.saveSubmission.path, server.origin), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).then((response) => json<{ id: number }>(response));
  }

  it.skipIf(skip)(
    "files uploaded with their credentials are stored as sent and a submission takes them for review",
    async () => {
      const image = await issued(PNG, "image/png");
      expect(image.method).toBe("PUT");
      expect(image.maxSize).toBe(PNG.length);
      expect(Date.parse(image.expiresAt) - clock).toBe(15 * 60_000);
      expect(await json(await upload(image.uploadUrl, PNG, "image/png"))).toEqual({
        status: 200,
        body: { code: "200", message: "success", data: { key: image.key, size: PNG.length } },
      });
      const font = await issued(TTF, "font/ttf", image.ticket);
      expect(font.ticket).toBe(image.ticket);
      expect((await upload(font.uploadUrl, TTF, "font/ttf")).status).toBe(200);

      const saved = await save({ ...FIELDS, ticket: image.ticket, files: [image.key, font.key] });
      expect(saved.status, saved.body.message).toBe(200);
      const db = submissionDb(backend.db);
      const row = await db
        .selectFrom("submission")
        .selectAll()
        .where("id", "=", saved.body.data.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ ...FIELDS, status: "pending" });
      const files = await db
        .selectFrom("submission_upload")
        .select(["key", "size", "content_type"])
        .where("submission_id", "=", row.id)
        .orderBy("content_type")
        .execute();
      expect(files).toEqual([
        { key: font.key, size: TTF.length, content_type: "font/ttf" },
        { key: image.key, size: PNG.length, content_type: "image/png" },
      ]);
      expect((await fs.readFile(path.join(dataDir, "submissions", image.key))).equals(PNG)).toBe(true);
      expect((await fs.readFile(path.join(dataDir, "submissions", font.key))).equals(TTF)).toBe(true);

      // The same ticket cannot be submitted twice, nor used for more files afterwards.
      expect((await save({ ...FIELDS, ticket: image.ticket, files: [image.key] })).body.message).toBe(
        "这次投稿已经提交过了",
      );
      expect(
        (await credential({ contentType: "image/png", size: 10, fileName: "a.png", ticket: image.ticket })).status,
      ).toBe(400);
    },
  );

  it.skipIf(skip)("a forged or expired signature is refused with 403 and nothing is stored", async () => {
    const grant = await issued(PNG, "image/png");
    const url = new URL(grant.uploadUrl, server.origin);
    const forgeries = [
      (u: URL) => u.searchParams.set("size", String(PNG.length * 10)),
      (u: URL) => u.searchParams.set("type", "application/pdf"),
      (u: URL) => u.searchParams.set("expires", String(clock + 24 * 3600_000)),
      // The first character: every bit of it counts (the last one of base64url carries padding bits).
      (u: URL) => {
        const signature = u.searchParams.get("signature")!;
        u.searchParams.set("signature", `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`);
      },
      (u: URL) => (u.pathname = u.pathname.replace(grant.key, "A".repeat(24))),
    ];
    for (const forge of forgeries) {
      const forged = new URL(url);
      forge(forged);
      const type = forged.searchParams.get("type")!;
      expect(await json(await upload(forged.toString(), type === "application/pdf" ? PDF : PNG, type))).toEqual({
        status: 403,
        body: { code: "403", message: "上传签名无效", data: null },
      });
    }
    clock += 15 * 60_000 + 1;
    expect(await json(await upload(grant.uploadUrl, PNG, "image/png"))).toEqual({
      status: 403,
      body: { code: "403", message: "上传凭证已过期，请重新上传", data: null },
    });
    await expect(fs.stat(path.join(dataDir, "submissions", grant.key))).rejects.toThrow();
  });

  it.skipIf(skip)(
    "an upload larger than granted, of another type, or not what its first bytes say is refused",
    async () => {
      const small = await issued(PNG, "image/png");
      const larger = Buffer.concat([PNG, Buffer.alloc(1024 * 1024, 9)]);
      expect(await json(await upload(small.uploadUrl, larger, "image/png"))).toEqual({
        status: 413,
        body: { code: "413", message: "文件比上传凭证允许的大，请重新上传", data: null },
      });
      expect((await json(await upload(small.uploadUrl, PNG, "image/jpeg"))).body.message).toBe(
        "文件类型与上传凭证不符",
      );

      const disguised = await issued(PDF, "image/png");
      expect(await json(await upload(disguised.uploadUrl, PDF, "image/png"))).toEqual({
        status: 400,
        body: { code: "400", message: "文件内容不是所声明的类型，请检查文件", data: null },
      });
      await expect(fs.stat(path.join(dataDir, "submissions", disguised.key))).rejects.toThrow();

      // The refused credential still works for the file it was issued for, once.
      expect((await upload(small.uploadUrl, PNG, "image/png")).status).toBe(200);
      expect((await json(await upload(small.uploadUrl, PNG, "image/png"))).status).toBe(409);
    },
  );

  it.skipIf(skip)("a credential is refused for an unsupported type or an oversized file, in Chinese", async () => {
    const wrongType = await credential({ contentType: "application/x-msdownload", size: 100, fileName: "a.exe" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain(UPLOAD_TYPE_MESSAGE);
    const tooBig = await credential({ contentType: "font/ttf", size: 21 * 1024 * 1024, fileName: "big.ttf" });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toContain(UPLOAD_TOO_LARGE_MESSAGE);
    const unknownTicket = await credential({
      contentType: "font/ttf",
      size: 10,
      fileName: "a.ttf",
      ticket: "x".repeat(43),
    });
    expect(unknownTicket.body.message).toBe("投稿凭证无效，请重新开始投稿");
  });

  it.skipIf(skip)(
    "a submission may only name files uploaded under its own ticket, and says what is missing",
    async () => {
      const mine = await issued(PNG, "image/png");
      await upload(mine.uploadUrl, PNG, "image/png");
      const theirs = await issued(TTF, "font/ttf");
      await upload(theirs.uploadUrl, TTF, "font/ttf");
      const pending = await issued(PNG, "image/png", mine.ticket);

      expect((await save({ ...FIELDS, ticket: mine.ticket, files: [mine.key, theirs.key] })).body.message).toBe(
        "文件不属于这次投稿，请重新上传",
      );
      expect((await save({ ...FIELDS, ticket: mine.ticket, files: [pending.key] })).body.message).toBe(
        "文件还没有上传完成，请重新上传",
      );
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ title: "" }, "请填写投稿标题"],
        [{ kind: "软件" }, "请选择投稿类型：字体或作品"],
        [{ description: "  " }, "请填写投稿说明"],
        [{ contact: "12345" }, SUBMISSION_CONTACT_MESSAGE],
        [{ files: [] }, "请至少上传一个文件"],
        [{ website: "http://spam.example" }, HONEYPOT_MESSAGE],
      ];
      for (const [change, message] of cases) {
        const refused = await save({ ...FIELDS, ticket: mine.ticket, files: [mine.key], ...change });
        expect(refused.status).toBe(400);
        expect(refused.body.message).toContain(message);
      }
      const saved = await save({ ...FIELDS, ticket: mine.ticket, files: [mine.key] });
      expect(saved.status).toBe(200);
    },
  );
});
