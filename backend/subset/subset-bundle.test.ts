import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encodeBundle, readBundle, readBundledFile } from "./subset-bundle.js";

const dir = mkdtempSync(path.join(tmpdir(), "subset-bundle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = { hash: "a".repeat(32), gno: "10001", lacking: [0x9f98] };
const sfnt = new Uint8Array([0, 1, 0, 0, 9, 9, 9]);
const woff = new Uint8Array([0x77, 0x4f, 0x46, 0x46, 7]);

function written(name: string, bytes: Uint8Array | string): string {
  const filePath = path.join(dir, name);
  writeFileSync(filePath, bytes);
  return filePath;
}

describe("subset bundles", () => {
  it("give back the entry, the sfnt and the WOFF they were made of", async () => {
    const filePath = written("whole.subset", encodeBundle(entry, sfnt, woff));
    const bundle = await readBundle<typeof entry>(filePath);
    expect(bundle?.entry).toEqual(entry);
    expect(await readBundledFile({ filePath, ...bundle!.sfnt })).toEqual(Buffer.from(sfnt));
    expect(await readBundledFile({ filePath, ...bundle!.woff })).toEqual(Buffer.from(woff));
  });

  it("are not read when absent, cut short, longer than said, not a bundle, or with a header missing a part", async () => {
    const whole = encodeBundle(entry, sfnt, woff);
    const header = (json: string) => {
      const bytes = Buffer.alloc(8 + Buffer.byteLength(json));
      bytes.write("ZSUB", 0, "latin1");
      bytes.writeUInt32BE(Buffer.byteLength(json), 4);
      bytes.write(json, 8);
      return bytes;
    };
    const unreadable = [
      path.join(dir, "absent.subset"),
      written("short.subset", whole.subarray(0, whole.byteLength - 1)),
      written("long.subset", Buffer.concat([whole, Buffer.from([0])])),
      written("other.subset", "这不是子集文件"),
      written("empty.subset", ""),
      written("no-entry.subset", header(JSON.stringify({ sfntBytes: 0, woffBytes: 0 }))),
      written("no-lengths.subset", header(JSON.stringify({ entry }))),
      written("not-json.subset", header("{")),
    ];
    for (const filePath of unreadable) expect(await readBundle(filePath), path.basename(filePath)).toBeNull();
    expect(await readBundledFile({ filePath: path.join(dir, "absent.subset"), start: 0, length: 1 })).toBeNull();
  });
});
