/** Types for the untyped `wawoff2` package (Google's woff2 compiled to wasm). */
declare module "wawoff2" {
  const wawoff2: {
    compress(sfnt: Uint8Array): Promise<Uint8Array>;
    decompress(woff2: Uint8Array): Promise<Uint8Array>;
  };
  export default wawoff2;
}
