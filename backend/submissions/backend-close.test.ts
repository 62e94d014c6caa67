import http from "node:http";
import { describe, expect, it } from "vitest";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { PNG, useServedSubmissions } from "./testing/served-submissions.js";

/** A PUT on a connection of its own, closed after the answer, so only the backend's connections stay. */
function putOnce(url: string, headers: Record<string, string>, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "PUT", headers, agent: false }, (answer) => {
      answer.resume();
      answer.on("end", () => resolve(answer.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe.each(TEST_DATABASES)("a backend with a bucket, closed, on $name", (database) => {
  const served = useServedSubmissions(database, { dataDirPrefix: "submission-close-", wholeBackend: true });

  it.skipIf(!database.available)("keeps no connection to the bucket once closed", async () => {
    const grant = await served.grant(PNG, "image/png", { fileName: "a.png" });
    expect(await putOnce(grant.uploadUrl, grant.headers, PNG)).toBe(200);
    const saved = await served.save({
      title: "关闭前的投稿",
      kind: "作品",
      description: "检查对象存储的连接。",
      contact: "author@example.com",
      ticket: grant.ticket,
      files: [grant.key],
    });
    expect(saved.status).toBe(200);
    // The submission's checks went to the bucket over connections the S3 client keeps alive.
    expect(served.bucket.openConnections()).toBeGreaterThan(0);

    await served.closeBackend();
    const deadline = Date.now() + 2_000;
    while (served.bucket.openConnections() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(served.bucket.openConnections()).toBe(0);
  });
});
