import { createHash } from "node:crypto";
import type http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { MemoryRateLimits, RateLimiter } from "../http/rate-limits.js";
import { PNG, useServedSubmissions } from "./testing/served-submissions.js";
import { submissionDb } from "./tables.js";
import { bucketSettings } from "./testing/test-bucket.js";

const FIELDS = {
  title: "并发的投稿",
  kind: "作品",
  description: "同一张凭证提交两次。",
  contact: "author@example.com",
};

/** A gate the bucket's HEAD requests wait at while it is closed. */
function headGate() {
  let open!: () => void;
  let seen!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const headSeen = new Promise<void>((resolve) => (seen = resolve));
  let closed = false;
  return {
    headSeen,
    close: () => (closed = true),
    open,
    hold: async (req: http.IncomingMessage) => {
      if (!closed || req.method !== "HEAD") return;
      seen();
      await opened;
    },
  };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<"timed out">((resolve) => setTimeout(() => resolve("timed out"), ms))]);

describe.each(TEST_DATABASES)("saving one 投稿 while its files are checked in the bucket, on $name", (database) => {
  let gate = headGate();
  let dropDeletes = false;
  const served = useServedSubmissions(database, {
    dataDirPrefix: "submission-claims-",
    hold: (req) => {
      if (dropDeletes && req.method === "DELETE") {
        req.socket.destroy();
        return new Promise<void>(() => {});
      }
      return gate.hold(req);
    },
    router: ({ bucket }) => ({
      s3: bucketSettings(bucket.endpoint),
      submissionLimiter: new RateLimiter(new MemoryRateLimits(), {
        bucket: "submissions",
        limit: 100,
        windowMs: 60_000,
      }),
    }),
  });
  // Runs before the suite's teardown (after hooks run last registered first).
  afterAll(() => gate.open());
  const { grant: issued, save } = served;
  const skip = !database.available;

  it.skipIf(skip)(
    "two saves of one ticket at once make one submission; the other is refused while the first checks its file",
    async () => {
      const grant = await issued(PNG, "image/png");
      const put = await served.upload(grant, PNG);
      expect(put.status).toBe(200);

      gate = headGate();
      gate.close();
      try {
        const first = save({ ...FIELDS, ticket: grant.ticket, files: [grant.key] });
        await gate.headSeen;
        // The bucket has not answered the first save; the database must still serve others.
        expect(await within(issued(PNG, "image/png"), 3_000)).not.toBe("timed out");
        const second = await within(save({ ...FIELDS, ticket: grant.ticket, files: [grant.key] }), 3_000);
        expect(second).toEqual({
          status: 409,
          body: { code: "409", message: "这次投稿正在提交，请不要重复提交", data: null },
        });
        gate.open();
        const saved = await first;
        expect(saved.status, saved.body.message).toBe(200);
      } finally {
        gate.open();
      }

      const rows = await submissionDb(served.backend.db)
        .selectFrom("submission")
        .select("id")
        .where("title", "=", FIELDS.title)
        .execute();
      expect(rows).toHaveLength(1);
      expect((await save({ ...FIELDS, ticket: grant.ticket, files: [grant.key] })).body.message).toBe(
        "这次投稿已经提交过了",
      );
    },
  );

  it.skipIf(skip)("a save refused by the bucket's check lets the ticket be saved again", async () => {
    const grant = await issued(PNG, "image/png");
    expect((await save({ ...FIELDS, ticket: grant.ticket, files: [grant.key] })).body.message).toBe(
      "文件还没有上传完成，请重新上传",
    );
    await served.upload(grant, PNG);
    const saved = await save({ ...FIELDS, title: "第二次才成功", ticket: grant.ticket, files: [grant.key] });
    expect(saved.status, saved.body.message).toBe(200);
  });
  it.skipIf(skip)(
    "a saved submission is answered as saved though the bucket failed to let go of its upload",
    async () => {
      const grant = await issued(PNG, "image/png");
      expect((await served.upload(grant, PNG)).status).toBe(200);
      dropDeletes = true;
      try {
        const saved = await save({ ...FIELDS, title: "桶没删掉上传", ticket: grant.ticket, files: [grant.key] });
        expect(saved.status, saved.body.message).toBe(200);
      } finally {
        dropDeletes = false;
      }
      expect((await served.stored(`submissions/${grant.key}`))?.equals(PNG)).toBe(true);
      // Left under the incoming prefix, for the sweep to remove once the ticket has expired.
      expect((await served.stored(`submissions/incoming/${grant.key}`))?.equals(PNG)).toBe(true);
    },
  );

  it.skipIf(skip)(
    "a save whose ticket got its submission while the save checked its files is told so, not failed",
    async () => {
      const grant = await issued(PNG, "image/png");
      expect((await served.upload(grant, PNG)).status).toBe(200);
      gate = headGate();
      gate.close();
      try {
        const late = save({ ...FIELDS, title: "晚到的一次", ticket: grant.ticket, files: [grant.key] });
        await gate.headSeen;
        // What a save committing just as this one claimed the ticket (in PostgreSQL, a claim waiting
        // for the ticket's row lock sees its subquery's old snapshot) leaves behind.
        await submissionDb(served.backend.db)
          .insertInto("submission")
          .values({
            ...FIELDS,
            ticket_hash: createHash("sha256").update(grant.ticket).digest("hex"),
            user_id: null,
            ip: null,
            user_agent: null,
            created_at: new Date(),
          })
          .execute();
        gate.open();
        expect(await late).toEqual({
          status: 400,
          body: { code: "400", message: "这次投稿已经提交过了", data: null },
        });
      } finally {
        gate.open();
      }
    },
  );
});
