/**
 * Files the site keeps (avatars, uploads, subset files) by key, such as `avatars/<name>.jpg`. One
 * implementation writes under a local directory, the other to an S3-compatible bucket that every
 * instance shares; which one is chosen once at start from the configuration.
 */
export interface BlobStore {
  /** Writes the whole object; a reader sees either the previous object or this one, never a part. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Writes the whole object from a local file, read as a stream rather than into memory. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /**
   * One page of the keys under the folder `prefix` with their last write time, for housekeeping: at
   * most `limit` (default and most 1000), in key order, after the key `after`. `next` is the `after`
   * of the following page, absent on the last one.
   */
  list(prefix: string, page?: { after?: string; limit?: number }): Promise<BlobListing>;
  /** Lets go of connections, if any. */
  close?(): void;
}

export type BlobListing = { objects: Array<{ key: string; modifiedAt: Date }>; next?: string };

/** The most keys one `list` call answers with: one request to an S3 store. */
export const LIST_PAGE_MAX = 1000;

/** Keys are paths of plain segments: no empty, `.` or `..` segment, no backslash. */
export function assertBlobKey(key: string): void {
  const segments = key.split("/");
  if (key.includes("\\") || segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
    throw new Error(`不是有效的存储键：${key}`);
  }
}
