import { PassThrough } from "node:stream";
import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { readMultipart } from "./multipart.js";

const BOUNDARY = "----fuzzboundary";

function request(body: string): Request {
  const stream = new PassThrough();
  Object.assign(stream, { headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } });
  stream.end(Buffer.from(body, "utf8"));
  return stream as unknown as Request;
}

describe("readMultipart", () => {
  it("reads text fields and the avatar file", async () => {
    const form = await readMultipart(
      request(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="nickname"\r\n\r\n小明\r\n` +
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNGDATA\r\n` +
          `--${BOUNDARY}--\r\n`,
      ),
    );
    expect(form.fields.nickname).toBe("小明");
    expect(form.file?.toString()).toBe("PNGDATA");
  });

  it("refuses a body cut off in the middle of a file with a message, without an unhandled error", async () => {
    const unhandled: unknown[] = [];
    const record = (error: unknown) => unhandled.push(error);
    process.on("uncaughtException", record);
    try {
      await expect(
        readMultipart(
          request(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNGDA`,
          ),
        ),
      ).rejects.toMatchObject({ message: "表单格式不正确" });
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("uncaughtException", record);
    }
  });
});
