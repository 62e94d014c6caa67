import { createRequire } from "node:module";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decodedFont } from "./decoded-fonts.js";
import { fileDigest } from "./file-digest.js";
import { dataLocation, FontStorage } from "./font-storage.js";

const require = createRequire(import.meta.url);
const FIRST = require.resolve("@fontsource-variable/noto-sans-tc/files/noto-sans-tc-101-wght-normal.woff2");
const SECOND = require.resolve("@fontsource-variable/recursive/files/recursive-cyrillic-ext-wght-normal.woff2");
const SOURCE = dataLocation("packages/slice.woff2");
const DECODED = dataLocation("fonts/slice.ttf");

/** Two data directories, as two machines of one site have, each with the WOFF2 installed at its own time. */
let machines: Array<{ dir: string; storage: FontStorage }>;

async function install(machine: { dir: string }, file: string, installedAt: Date) {
  const target = path.join(machine.dir, "packages/slice.woff2");
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.copyFile(file, target);
  await fs.utimes(target, installedAt, installedAt);
}

beforeEach(async () => {
  machines = await Promise.all(
    [0, 1].map(async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "decoded-fonts-"));
      return { dir, storage: new FontStorage(dir) };
    }),
  );
});
afterEach(async () => {
  await Promise.all(machines.map((machine) => fs.rm(machine.dir, { recursive: true, force: true })));
});

describe("decodedFont", () => {
  it("decodes to the same TTF bytes and digest on machines that installed the WOFF2 at different times, each taking its WOFF2's time", async () => {
    const [a, b] = machines as [(typeof machines)[0], (typeof machines)[0]];
    await install(a, FIRST, new Date("2026-01-01T00:00:00Z"));
    await install(b, FIRST, new Date("2026-03-01T12:34:56Z"));
    const onA = (await decodedFont(a.storage, SOURCE, DECODED))!;
    const onB = (await decodedFont(b.storage, SOURCE, DECODED))!;
    const bytes = await fs.readFile(onA.path);
    expect(bytes.readUInt32BE(0), "an sfnt, not WOFF2").toBe(0x00010000);
    expect(await fs.readFile(onB.path)).toEqual(bytes);
    expect(onA.mtimeMs).toBe(Date.parse("2026-01-01T00:00:00Z"));
    expect(await fileDigest(onA)).toBe(await fileDigest(onB));
    expect(await fileDigest(onA)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("keeps a decoded TTF while its WOFF2 is unchanged, and decodes again once the WOFF2 has changed", async () => {
    const [machine] = machines as [(typeof machines)[0]];
    await install(machine, FIRST, new Date("2026-01-01T00:00:00Z"));
    const first = (await decodedFont(machine.storage, SOURCE, DECODED))!;
    const firstDigest = await fileDigest(first);
    const kept = (await decodedFont(machine.storage, SOURCE, DECODED))!;
    expect((await fs.stat(kept.path)).ino, "not written again").toBe((await fs.stat(first.path)).ino);

    await install(machine, SECOND, new Date("2026-06-01T00:00:00Z"));
    const updated = (await decodedFont(machine.storage, SOURCE, DECODED))!;
    expect(updated.mtimeMs).toBe(Date.parse("2026-06-01T00:00:00Z"));
    expect(await fileDigest(updated)).not.toBe(firstDigest);
  });

  it("answers null when the WOFF2 is gone", async () => {
    expect(await decodedFont(machines[0]!.storage, SOURCE, DECODED)).toBeNull();
  });
});
