import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "./blob-store.js";
import { DiskBlobStore } from "./disk-blob-store.js";
import { S3BlobStore } from "./s3-blob-store.js";
import { startS3rver } from "./testing/test-s3rver.js";

type Store = { name: string; open(): Promise<{ store: BlobStore; close(): Promise<void> }> };

const stores: Store[] = [
  {
    name: "local disk",
    async open() {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), "blob-disk-test-"));
      return { store: new DiskBlobStore(root), close: () => fs.rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: "an S3-compatible server",
    async open() {
      const server = await startS3rver("blobs", "blob-s3-test-");
      const store = new S3BlobStore({
        endpoint: `http://127.0.0.1:${server.port}`,
        bucket: "blobs",
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      });
      return {
        store,
        async close() {
          store.close();
          await server.close();
        },
      };
    },
  },
];

describe.each(stores)("blob store on $name", ({ open }) => {
  let store: BlobStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());

  it("gives back what was put, replaces it whole, and forgets it once deleted", async () => {
    expect(await store.get("avatars/none.jpg")).toBeNull();
    await store.put("avatars/a.jpg", Buffer.from("first"), "image/jpeg");
    await store.put("avatars/a.jpg", Buffer.from("second version"), "image/jpeg");
    expect((await store.get("avatars/a.jpg"))?.toString()).toBe("second version");
    await store.delete("avatars/a.jpg");
    await store.delete("avatars/a.jpg");
    expect(await store.get("avatars/a.jpg")).toBeNull();
  });

  it("writes an object from a local file, whole", async () => {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), "blob-put-file-"));
    const file = path.join(directory, "upload.part");
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 5);
    await fs.writeFile(file, bytes);
    await store.putFile("files/big.bin", file, "application/octet-stream");
    expect((await store.get("files/big.bin"))?.equals(bytes)).toBe(true);
    await fs.rm(directory, { recursive: true, force: true });
  });

  it("lists the keys under a prefix with their write time", async () => {
    const before = Date.now() - 5_000;
    await store.put("list/one.jpg", Buffer.from("1"), "image/jpeg");
    await store.put("list/two.jpg", Buffer.from("2"), "image/jpeg");
    await store.put("other/three.jpg", Buffer.from("3"), "image/jpeg");
    const listed = await store.list("list");
    expect(listed.objects.map((object) => object.key)).toEqual(["list/one.jpg", "list/two.jpg"]);
    expect(listed.next).toBeUndefined();
    for (const object of listed.objects) expect(object.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(await store.list("nothing-here")).toEqual({ objects: [] });
  });

  it("lists a page at a time, in key order, each page starting after the last", async () => {
    const keys = ["a", "b", "c", "d", "e"].map((name) => `paged/${name}.jpg`);
    for (const key of [...keys].reverse()) await store.put(key, Buffer.from(key), "image/jpeg");
    const seen: string[][] = [];
    let after: string | undefined;
    do {
      const page = await store.list("paged", { after, limit: 2 });
      seen.push(page.objects.map((object) => object.key));
      after = page.next;
    } while (after !== undefined);
    expect(seen).toEqual([keys.slice(0, 2), keys.slice(2, 4), keys.slice(4)]);
  });

  it("refuses keys that climb out of their place", async () => {
    for (const key of ["../escape.jpg", "avatars/../../x", "a//b", "a\\b", ""]) {
      await expect(store.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/不是有效的存储键/);
    }
  });
});

describe("an S3 store that cannot be reached", () => {
  it.skipIf(process.platform !== "linux")("lets go of the file it was to stream", async () => {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), "blob-unreachable-"));
    const file = path.join(directory, "upload.bin");
    await fs.writeFile(file, Buffer.alloc(64 * 1024, 1));
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const store = new S3BlobStore({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: "blobs",
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    const openOn = async () => {
      const fds = await fs.readdir("/proc/self/fd");
      const targets = await Promise.all(fds.map((fd) => fs.readlink(`/proc/self/fd/${fd}`).catch(() => "")));
      return targets.filter((target) => target === file).length;
    };
    try {
      await expect(store.putFile("submissions/a", file, "font/ttf")).rejects.toThrow();
      const deadline = Date.now() + 1_000;
      while ((await openOn()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await openOn()).toBe(0);
    } finally {
      store.close();
      await fs.rm(directory, { recursive: true, force: true });
    }
  });
});
