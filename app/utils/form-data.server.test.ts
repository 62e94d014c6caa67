import { describe, expect, it } from "vitest";
import { parseFormSubmission, readFormSubmission } from "./form-data.server";

const URLENCODED = "application/x-www-form-urlencoded";

function post(body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) {
  return new Request("http://site.test/account/login", {
    method: "POST",
    headers: contentType ? { "Content-Type": contentType, ...headers } : headers,
    body,
  });
}

function multipart(
  parts: Array<{ name: string; value: string | Uint8Array; filename?: string }>,
  boundary = "----form",
) {
  const chunks: Array<string | Uint8Array> = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    chunks.push(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`);
    if (part.filename !== undefined) chunks.push("Content-Type: application/octet-stream\r\n");
    chunks.push("\r\n", part.value, "\r\n");
  }
  chunks.push(`--${boundary}--\r\n`);
  return new Blob(chunks.map((chunk) => (typeof chunk === "string" ? chunk : new Uint8Array(chunk))));
}

/** The thrown answer: its status and the message the error page shows. */
async function refusal(request: Request, options?: Parameters<typeof parseFormSubmission>[1]) {
  const thrown = await parseFormSubmission(request, options).then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown, "parseFormSubmission should have thrown").toBeTruthy();
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  const { message } = (await response.json()) as { message: string };
  return { status: response.status, message };
}

describe("parseFormSubmission", () => {
  it("reads a urlencoded form, repeated fields and Chinese text included", async () => {
    const form = await parseFormSubmission(post("account=%E5%BC%A0%E4%B8%89&tag=a&tag=b&note=a+b", URLENCODED));
    expect(form.get("account")).toBe("张三");
    expect(form.getAll("tag")).toEqual(["a", "b"]);
    expect(form.get("note")).toBe("a b");
  });

  it("reads a multipart form with a file when files are allowed", async () => {
    const body = multipart([
      { name: "intent", value: "avatar" },
      { name: "avatar", value: new Uint8Array([0xff, 0xd8, 0xff]), filename: "a.jpg" },
    ]);
    const submission = await readFormSubmission(post(body, "multipart/form-data; boundary=----form"), {
      allowFiles: true,
    });
    if (!submission.ok) throw new Error(submission.message);
    const form = submission.formData;
    expect(form.get("intent")).toBe("avatar");
    const file = form.get("avatar") as File;
    expect(file.name).toBe("a.jpg");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    await submission.discard();
  });

  it.each([
    ["JSON", post(JSON.stringify({ account: "a" }), "application/json")],
    ["plain text", post("account=a", "text/plain")],
    ["no content type", post("account=a")],
    ["no body and no content type", new Request("http://site.test/", { method: "POST" })],
  ])("refuses a body that is not a form (%s) with 400", async (_name, request) => {
    expect(await refusal(request)).toEqual({ status: 400, message: "表单数据无效，请刷新页面后重试" });
  });

  it("reads a refused body that is not a form to its end, so the connection can carry the next request", async () => {
    const request = post(JSON.stringify({ text: "字".repeat(100_000) }), "application/json");
    await refusal(request);
    expect(request.bodyUsed).toBe(true);
  });

  it("refuses a body over the limit, by its length header or by what arrives", async () => {
    const big = `text=${"字".repeat(30_000)}`;
    expect(await refusal(post(big, URLENCODED))).toEqual({ status: 400, message: "提交的内容太多，请删减后重试" });
    const lying = post("text=short", URLENCODED, { "Content-Length": String(10 * 1024 * 1024) });
    expect((await refusal(lying)).status).toBe(400);
    expect((await refusal(post("a=12345", URLENCODED), { maxBytes: 4 })).message).toBe("提交的内容太多，请删减后重试");
  });

  it.each([
    ["a part without its closing boundary", '------form\r\nContent-Disposition: form-data; name="a"\r\n\r\nhello'],
    ["a body without the declared boundary", "just some bytes"],
  ])("refuses broken multipart (%s) with 400", async (_name, body) => {
    expect(await refusal(post(body, "multipart/form-data; boundary=----form"))).toEqual({
      status: 400,
      message: "表单数据无效，请刷新页面后重试",
    });
  });

  it.each([true, false])("refuses a form cut off inside a file part (files allowed: %s)", async (allowFiles) => {
    const cut = '------form\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\n\r\n\xff\xd8\xff';
    const request = post(cut, "multipart/form-data; boundary=----form");
    expect(await readFormSubmission(request, { allowFiles })).toMatchObject({ ok: false, problem: "malformed" });
  });

  it("refuses multipart without a boundary, and a file where none is expected", async () => {
    const body = multipart([{ name: "avatar", value: "x", filename: "a.txt" }]);
    expect((await refusal(post(body, "multipart/form-data"))).status).toBe(400);
    expect((await refusal(post(body, "multipart/form-data; boundary=----form"))).status).toBe(400);
  });

  it("refuses text that is not UTF-8, raw or percent-escaped, urlencoded or multipart", async () => {
    const raw = new Uint8Array([...new TextEncoder().encode("name="), 0xff, 0xfe]);
    expect((await refusal(post(raw, URLENCODED))).status).toBe(400);
    expect((await refusal(post("name=%FF%FE", URLENCODED))).status).toBe(400);
    expect((await refusal(post("name=%E4%BD", URLENCODED))).status).toBe(400);
    const body = multipart([{ name: "nickname", value: new Uint8Array([0xc3, 0x28]) }]);
    expect((await refusal(post(body, "multipart/form-data; boundary=----form"))).status).toBe(400);
  });
});

describe("readFormSubmission", () => {
  it("leaves out a file over its limit, naming it, and keeps the other fields and files", async () => {
    const body = multipart([
      { name: "title", value: "秋日手写体" },
      { name: "files", value: new Uint8Array(2048), filename: "big.ttf" },
      { name: "files", value: new Uint8Array([1, 2, 3]), filename: "small.ttf" },
      { name: "contact", value: "author@example.com" },
    ]);
    const request = post(body, "multipart/form-data; boundary=----form");
    const submission = await readFormSubmission(request, { allowFiles: true, maxFileBytes: 1024, maxBytes: 64 * 1024 });
    expect(submission.ok).toBe(true);
    if (!submission.ok) return;
    expect(submission.oversized).toEqual(["big.ttf"]);
    expect(submission.formData.get("title")).toBe("秋日手写体");
    expect(submission.formData.get("contact")).toBe("author@example.com");
    const files = submission.formData.getAll("files") as File[];
    expect(files.map((file) => [file.name, file.size])).toEqual([["small.ttf", 3]]);
    expect(new Uint8Array(await files[0]!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    await submission.discard();
    await expect(files[0]!.arrayBuffer()).rejects.toThrow();
  });

  it("keeps a file of exactly the limit", async () => {
    const body = multipart([{ name: "avatar", value: new Uint8Array(1024), filename: "a.jpg" }]);
    const request = post(body, "multipart/form-data; boundary=----form");
    const submission = await readFormSubmission(request, { allowFiles: true, maxFileBytes: 1024 });
    expect(submission.ok && submission.oversized).toEqual([]);
    expect(submission.ok && (submission.formData.get("avatar") as File).size).toBe(1024);
    if (submission.ok) await submission.discard();
  });

  it("refuses a body over the whole limit as it arrives, without waiting for a length header", async () => {
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0)
          controller.enqueue(
            new TextEncoder().encode('------form\r\nContent-Disposition: form-data; name="f"; filename="x"\r\n\r\n'),
          );
        sent += chunk.byteLength;
        if (sent > 4 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request("http://site.test/submit", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=----form" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect(await readFormSubmission(request, { allowFiles: true, maxBytes: 1024 * 1024 })).toEqual({
      ok: false,
      problem: "too-large",
      message: "提交的内容太多，请删减后重试",
    });
  });
});
