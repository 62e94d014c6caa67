import { PutObjectCommand } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { PNG, useServedSubmissions } from "./testing/served-submissions.js";
import { BUCKET, bucketSettings } from "./testing/test-bucket.js";

const DAY = 24 * 60 * 60_000;

describe.each(TEST_DATABASES)("uploads to the bucket that no submission took, on $name", (database) => {
  let clock = Date.now();
  const listings: URLSearchParams[] = [];
  const served = useServedSubmissions(database, {
    dataDirPrefix: "submission-sweep-",
    hold: async (req) => {
      const query = new URL(req.url ?? "/", "http://bucket").searchParams;
      if (req.method === "GET" && query.has("prefix")) listings.push(query);
    },
    router: ({ bucket }) => ({
      s3: bucketSettings(bucket.endpoint),
      now: () => clock,
      sweep: { intervalMs: 50, batch: 2 },
    }),
  });

  async function issued() {
    const grant = await served.grant(PNG, "image/png", { fileName: "a.png" });
    expect((await served.upload(grant, PNG)).status).toBe(200);
    return grant;
  }

  const present = async (key: string) => (await served.stored(key)) !== null;

  it.skipIf(!database.available)(
    "are removed once their ticket has expired or when no credential was issued for them, a page at a time",
    async () => {
      const abandoned = await issued();
      // More strays than a sweep's page holds, whichever sweep sees them first: at least one sweep
      // continues after another's page.
      const strays = [
        "submissions/incoming/not-issued-by-us",
        "submissions/incoming/nor-this-one",
        "submissions/incoming/nor-that-one",
      ];
      for (const stray of strays) {
        await served.client.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: stray, Body: "x", ContentType: "image/png" }),
        );
      }
      // Four objects old enough at once: more than one sweep's page.
      clock += DAY + 60_000;
      const current = await issued();

      const save = await served.save({
        title: "过期的投稿",
        kind: "作品",
        description: "凭证已经过期。",
        contact: "author@example.com",
        ticket: abandoned.ticket,
        files: [abandoned.key],
      });
      expect(save.body.message).toBe("投稿凭证已过期，请重新上传文件");

      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const left = await Promise.all([...strays, `submissions/incoming/${abandoned.key}`].map(present));
        if (!left.includes(true)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await present(`submissions/incoming/${abandoned.key}`)).toBe(false);
      for (const stray of strays) expect(await present(stray)).toBe(false);
      // The ticket of this one is a minute old: it may still be submitted.
      expect(await present(`submissions/incoming/${current.key}`)).toBe(true);
      expect(listings.length).toBeGreaterThan(0);
      for (const listing of listings) {
        expect(listing.get("prefix")).toBe("submissions/incoming/");
        expect(listing.get("max-keys")).toBe("2");
      }
      expect(listings.some((listing) => listing.has("marker"))).toBe(true);
    },
  );
});
