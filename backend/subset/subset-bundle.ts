import { open } from "node:fs/promises";

/**
 * A subset's sfnt, its WOFF and its entry on disk as one file, `<hash>.subset`: making a file costs
 * far more than filling it (on the hosts this runs on, about 1 ms of CPU to create one against
 * microseconds to write a few KB into it), and a page of new words made thirty. The file is
 * BUNDLE_MAGIC, the header's length (uint32, big-endian), the header (JSON), then the sfnt and the WOFF.
 */
const BUNDLE_MAGIC = "ZSUB";
const PREFIX_BYTES = 8;
/** A header is an entry and two lengths; an entry lists at most the code points a subset lacks. */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;

export type ByteRange = { start: number; length: number };

/** A file of the bundle on disk: where it lies in the bundle's file. */
export type BundledFile = ByteRange & { filePath: string };

type BundleHeader<Entry> = { entry: Entry; sfntBytes: number; woffBytes: number };

export function encodeBundle<Entry>(entry: Entry, sfnt: Uint8Array, woff: Uint8Array): Uint8Array {
  const header = Buffer.from(
    JSON.stringify({ entry, sfntBytes: sfnt.byteLength, woffBytes: woff.byteLength } satisfies BundleHeader<Entry>),
  );
  const bundle = new Uint8Array(PREFIX_BYTES + header.byteLength + sfnt.byteLength + woff.byteLength);
  bundle.set(Buffer.from(BUNDLE_MAGIC, "latin1"));
  new DataView(bundle.buffer).setUint32(4, header.byteLength);
  bundle.set(header, PREFIX_BYTES);
  bundle.set(sfnt, PREFIX_BYTES + header.byteLength);
  bundle.set(woff, PREFIX_BYTES + header.byteLength + sfnt.byteLength);
  return bundle;
}

/**
 * The entry of the bundle at `filePath` and where its sfnt and WOFF lie; null when it is absent, is
 * not a bundle, or is shorter than its header says (a file cut short is made again).
 */
export async function readBundle<Entry>(
  filePath: string,
): Promise<{ entry: Entry; sfnt: ByteRange; woff: ByteRange } | null> {
  const file = await open(filePath, "r").catch(() => null);
  if (!file) return null;
  try {
    const prefix = Buffer.alloc(PREFIX_BYTES);
    const { bytesRead } = await file.read(prefix, 0, PREFIX_BYTES, 0);
    if (bytesRead < PREFIX_BYTES || prefix.toString("latin1", 0, 4) !== BUNDLE_MAGIC) return null;
    const headerBytes = prefix.readUInt32BE(4);
    if (headerBytes > MAX_HEADER_BYTES) return null;
    const header = Buffer.alloc(headerBytes);
    if ((await file.read(header, 0, headerBytes, PREFIX_BYTES)).bytesRead < headerBytes) return null;
    const { entry, sfntBytes, woffBytes } = JSON.parse(header.toString("utf8")) as Partial<BundleHeader<Entry>>;
    if (!entry || typeof entry !== "object" || !Number.isSafeInteger(sfntBytes) || !Number.isSafeInteger(woffBytes))
      return null;
    const sfnt = { start: PREFIX_BYTES + headerBytes, length: sfntBytes! };
    const woff = { start: sfnt.start + sfntBytes!, length: woffBytes! };
    if ((await file.stat()).size !== woff.start + woff.length) return null;
    return { entry, sfnt, woff };
  } catch {
    return null; // not JSON: not a bundle this code wrote
  } finally {
    await file.close();
  }
}

/** The bytes of `file`; null when they are no longer all there. */
export async function readBundledFile(file: BundledFile): Promise<Uint8Array | null> {
  const handle = await open(file.filePath, "r").catch(() => null);
  if (!handle) return null;
  try {
    const bytes = Buffer.alloc(file.length);
    const { bytesRead } = await handle.read(bytes, 0, file.length, file.start);
    return bytesRead === file.length ? bytes : null;
  } finally {
    await handle.close();
  }
}
