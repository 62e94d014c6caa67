import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileWriter } from "./file-writer.js";

describe("FileWriter", () => {
  let dir: string;
  let writer: FileWriter;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "file-writer-"));
    writer = new FileWriter();
  });
  afterEach(async () => {
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes each file whole under its name, leaving nothing beside them", async () => {
    const big = new Uint8Array(3 * 1024 * 1024).fill(7);
    await Promise.all([
      writer.write([
        { path: path.join(dir, "a.ttf"), bytes: big },
        { path: path.join(dir, "a.json"), bytes: Buffer.from("{}") },
      ]),
      writer.write([{ path: path.join(dir, "b.woff"), bytes: Buffer.from("woff") }]),
    ]);
    expect(readdirSync(dir).sort()).toEqual(["a.json", "a.ttf", "b.woff"]);
    expect(readFileSync(path.join(dir, "a.ttf")).equals(Buffer.from(big))).toBe(true);
    expect(readFileSync(path.join(dir, "b.woff"), "utf8")).toBe("woff");
  });

  it("fails at the first file it cannot write, writes none after it, and keeps writing the next calls", async () => {
    await expect(
      writer.write([
        { path: path.join(dir, "first"), bytes: Buffer.from("1") },
        { path: path.join(dir, "missing", "second"), bytes: Buffer.from("2") },
        { path: path.join(dir, "third"), bytes: Buffer.from("3") },
      ]),
    ).rejects.toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual(["first"]);
    await writer.write([{ path: path.join(dir, "later"), bytes: Buffer.from("4") }]);
    expect(readdirSync(dir).sort()).toEqual(["first", "later"]);
  });

  it("writes the calls of one turn together, each settling on its own: one failing fails no other", async () => {
    const calls = Array.from({ length: 12 }, (_, index) =>
      writer.write([
        {
          path: index === 5 ? path.join(dir, "missing", "file") : path.join(dir, `file-${index}`),
          bytes: Buffer.from(String(index)),
        },
      ]),
    );
    const settled = await Promise.allSettled(calls);
    expect(settled.map((result) => result.status)).toEqual(
      Array.from({ length: 12 }, (_, index) => (index === 5 ? "rejected" : "fulfilled")),
    );
    expect(readdirSync(dir)).toHaveLength(11);
    expect(readFileSync(path.join(dir, "file-11"), "utf8")).toBe("11");
  });

  it("finishes the writes in hand before it closes", async () => {
    const writing = writer.write([{ path: path.join(dir, "last"), bytes: Buffer.from("x") }]);
    await writer.close();
    await writing;
    expect(readFileSync(path.join(dir, "last"), "utf8")).toBe("x");
  });
});
