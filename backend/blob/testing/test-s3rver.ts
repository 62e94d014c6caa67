import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** An S3-compatible server (s3rver) on a loopback port with the empty bucket `bucket`, kept in a temporary directory. */
export async function startS3rver(bucket: string, directoryPrefix: string) {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), directoryPrefix));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    port,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
