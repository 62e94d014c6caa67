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
  /** Keys under `prefix` with their last write time, for housekeeping. */
  list(prefix: string): Promise<Array<{ key: string; modifiedAt: Date }>>;
  /** Lets go of connections, if any. */
  close?(): void;
}

/** Keys are paths of plain segments: no empty, `.` or `..` segment, no backslash. */
export function assertBlobKey(key: string): void {
  const segments = key.split("/");
  if (key.includes("\\") || segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
    throw new Error(`不是有效的存储键：${key}`);
  }
}
