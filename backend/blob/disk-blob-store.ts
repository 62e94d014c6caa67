import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertBlobKey, LIST_PAGE_MAX, type BlobListing, type BlobStore } from "./blob-store.js";

/** Objects as files under one directory; the key is the relative path. */
export class DiskBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    await this.replace(key, (temporary) => fs.writeFile(temporary, data, { mode: 0o644 }));
  }

  async putFile(key: string, source: string): Promise<void> {
    await this.replace(key, async (temporary) => {
      await fs.copyFile(source, temporary);
      await fs.chmod(temporary, 0o644);
    });
  }

  /** Written beside and renamed, so a reader never sees half a file. */
  private async replace(key: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString("hex")}.tmp`);
    try {
      await write(temporary);
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EISDIR")
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async list(prefix: string, page: { after?: string; limit?: number } = {}): Promise<BlobListing> {
    const directory = path.join(this.root, prefix);
    let names: string[];
    try {
      names = await fs.readdir(directory);
    } catch {
      return { objects: [] };
    }
    const after = page.after === undefined ? undefined : path.posix.basename(page.after);
    const limit = Math.min(page.limit ?? LIST_PAGE_MAX, LIST_PAGE_MAX);
    const candidates = names
      .filter((name) => after === undefined || name > after)
      .sort()
      .slice(0, limit);
    const stats = await Promise.all(candidates.map((name) => fs.stat(path.join(directory, name)).catch(() => null)));
    const objects = candidates.flatMap((name, index) => {
      const stat = stats[index];
      return stat?.isFile() ? [{ key: path.posix.join(prefix, name), modifiedAt: stat.mtime }] : [];
    });
    const last = candidates.at(-1);
    const more = last !== undefined && names.some((name) => name > last);
    return { objects, next: more ? path.posix.join(prefix, last) : undefined };
  }

  private file(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, ...key.split("/"));
  }
}
