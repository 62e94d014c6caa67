/** WOFF 2.0 via wawoff2 (Google's woff2 encoder compiled to wasm), loaded on first use. */

let previous: Promise<unknown> = Promise.resolve();

export function encodeWoff2(sfnt: Uint8Array): Promise<Uint8Array> {
  // wawoff2 returns a view into its wasm heap, which the next call overwrites. Encodings therefore
  // run one at a time, and each result is copied out before the next one starts.
  const encoding = previous.then(async () => {
    const { default: wawoff2 } = await import("wawoff2");
    return new Uint8Array(await wawoff2.compress(sfnt));
  });
  previous = encoding.catch(() => undefined);
  return encoding;
}
