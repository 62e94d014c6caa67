import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { SignatureV4 } from "@smithy/signature-v4";
import { startS3rver } from "../../blob/testing/test-s3rver.js";

export const BUCKET = "uploads";
export const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** The settings a backend needs for the bucket `startCheckedBucket` serves at `endpoint`. */
export const bucketSettings = (endpoint: string) => ({
  endpoint,
  bucket: BUCKET,
  region: "us-east-1",
  ...KEYS,
  forcePathStyle: true,
});

const bytes = (data: string | ArrayBuffer | ArrayBufferView) =>
  typeof data === "string"
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret ? createHmac("sha256", bytes(secret)) : createHash("sha256");
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

/**
 * s3rver does not check SigV4 signatures, so presigned requests pass through this front first,
 * which checks them as S3 does: the signature recomputed over the request actually received (its
 * method, path, query and the headers the URL says are signed) must equal the one in the URL.
 */
async function verifyPresigned(req: http.IncomingMessage): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://placeholder");
  const given = url.searchParams.get("X-Amz-Signature");
  if (!given) return true;
  const signedHeaders = (url.searchParams.get("X-Amz-SignedHeaders") ?? "").split(";");
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (name !== "X-Amz-Signature") query[name] = value;
  const payload = query["X-Amz-Content-Sha256"]!;
  delete query["X-Amz-Content-Sha256"];
  const headers: Record<string, string> = { "X-Amz-Content-Sha256": payload };
  for (const name of signedHeaders) headers[name] = String(req.headers[name] ?? "");
  const [hostname, port] = (req.headers.host ?? "").split(":");
  const date = query["X-Amz-Date"]!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z");
  const signer = new SignatureV4({ credentials: KEYS, region: "us-east-1", service: "s3", sha256: Sha256 });
  const signed = await signer.presign(
    {
      method: req.method!,
      protocol: "http:",
      hostname: hostname!,
      port: Number(port),
      path: url.pathname,
      query,
      headers,
    },
    { signingDate: new Date(date), expiresIn: Number(query["X-Amz-Expires"]) },
  );
  return signed.query?.["X-Amz-Signature"] === given;
}

/**
 * An S3-compatible bucket on loopback whose presigned requests are checked as S3 checks them.
 * `hold` may keep a request waiting before it is passed on, as a slow store would; `openConnections`
 * counts the connections clients keep to it.
 */
export async function startCheckedBucket(options: { hold?: (req: http.IncomingMessage) => Promise<void> } = {}) {
  const s3 = await startS3rver(BUCKET, "submission-s3-test-");
  const refused: string[] = [];
  const connections = new Set<Socket>();
  const front = http.createServer((req, res) => {
    void Promise.all([verifyPresigned(req), options.hold?.(req)]).then(([ok]) => {
      if (!ok) {
        refused.push(req.method!);
        req.resume();
        res
          .writeHead(403, { "Content-Type": "application/xml" })
          .end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
        return;
      }
      const upstream = http.request(
        { host: "127.0.0.1", port: s3.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
  });
  front.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.on("close", () => connections.delete(socket));
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  return {
    endpoint,
    refused,
    openConnections: () => connections.size,
    async close() {
      await new Promise((resolve) => front.close(resolve));
      await s3.close();
    },
  };
}
