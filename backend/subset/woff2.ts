/** WOFF 2.0 via wawoff2 (Google's woff2 encoder compiled to wasm), loaded on first use. */
export async function encodeWoff2(sfnt: Uint8Array): Promise<Uint8Array> {
  const { default: wawoff2 } = await import("wawoff2");
  return wawoff2.compress(sfnt);
}
