/** Where the subset service finds the whole font behind a `gno`. The catalogue backend provides it. */
export type FontSourceFile = {
  gno: string;
  /** Absolute path of a TrueType/OpenType (not WOFF/WOFF2) file on local storage. */
  filePath: string;
  /** Bytes of the file, for the memory bound. */
  size: number;
  /** Changes when the file changes; part of the subset cache key. */
  version: string;
};

export type FontSource = (gno: string) => Promise<FontSourceFile | null>;
