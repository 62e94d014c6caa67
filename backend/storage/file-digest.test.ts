import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileDigest } from "./file-digest.js";

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "file-digest-"));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function stored(name: string, bytes: Uint8Array) {
  const filePath = path.join(dir, name);
  await fs.writeFile(filePath, bytes);
  const { size, mtimeMs } = await fs.stat(filePath);
  return { path: filePath, size, mtimeMs };
}

describe("fileDigest", () => {
  it("is the start of the SHA-256 of the whole file, however many reads it takes", async () => {
    for (const length of [0, 1, 1024 * 1024, 2.5 * 1024 * 1024]) {
      const bytes = randomBytes(length);
      const expected = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
      expect({ length, digest: await fileDigest(await stored(`${length}.bin`, bytes)) }).toEqual({
        length,
        digest: expected,
      });
    }
  });

  it("is worked out again once the file's size or modification time changes", async () => {
    const first = await stored("changing.bin", randomBytes(4096));
    const before = await fileDigest(first);
    const second = await stored("changing.bin", randomBytes(4097));
    expect(await fileDigest(second)).not.toBe(before);
    expect(await fileDigest(second)).toBe(await fileDigest({ ...second }));
  });
});
