import { statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/**
 * Font files are recorded in the database as storage locations rather than absolute paths, so a
 * database outlives moving the checkout or the data directory:
 * - `npm:<package>/<file>`: a file shipped inside an installed npm package;
 * - `data:<relative path>`: a file under the data directory (e.g. a TTF decoded from WOFF2).
 */
export type StorageLocation = `npm:${string}` | `data:${string}`;

export function npmLocation(packageFile: string): StorageLocation {
  return `npm:${packageFile}`;
}

export function dataLocation(relativePath: string): StorageLocation {
  return `data:${relativePath.split(path.sep).join("/")}`;
}

/** The folder of the data directory that holds TTFs decoded from WOFF2. */
const DECODED_FONTS_FOLDER = "fonts";

/** Where the TTF decoded from a WOFF2 is stored, e.g. `data:fonts/lxgw-wenkai-latin-400-normal.ttf`. */
export function decodedFontLocation(ttfFileName: string): StorageLocation {
  return dataLocation(path.join(DECODED_FONTS_FOLDER, ttfFileName));
}

/** A stored file as found on disk. */
export type StoredFile = { path: string; size: number; mtimeMs: number };

export class FontStorage {
  /** npm locations already resolved: an installed package's files do not move while the process runs. */
  private readonly resolvedPackageFiles = new Map<string, string>();

  constructor(private readonly dataDir: string) {}

  /** Where TTFs decoded from WOFF2 are written. */
  get decodedFontsDirectory(): string {
    return path.join(this.dataDir, DECODED_FONTS_FOLDER);
  }

  /** The absolute path of a stored file; throws for a location of an unknown kind. */
  resolve(location: string): string {
    if (location.startsWith("npm:")) {
      let resolved = this.resolvedPackageFiles.get(location);
      if (!resolved) {
        resolved = require.resolve(location.slice("npm:".length));
        this.resolvedPackageFiles.set(location, resolved);
      }
      return resolved;
    }
    if (location.startsWith("data:")) {
      const relative = location.slice("data:".length);
      const absolute = path.resolve(this.dataDir, relative);
      if (!absolute.startsWith(path.resolve(this.dataDir) + path.sep)) {
        throw new Error(`存储位置越出数据目录：${location}`);
      }
      return absolute;
    }
    throw new Error(`未知的存储位置：${location}`);
  }

  /**
   * The stored file behind `location`, or null when it is missing: deleted from the data directory,
   * or its npm package (or the file inside it) no longer installed. Synchronous underneath: the files
   * are local and looked up on every subset request, where a synchronous stat takes microseconds and a
   * round trip through the thread pool about 0.1 ms.
   */
  async stat(location: string): Promise<StoredFile | null> {
    try {
      const filePath = this.resolve(location);
      const stats = statSync(filePath);
      return stats.isFile() ? { path: filePath, size: stats.size, mtimeMs: stats.mtimeMs } : null;
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code === "MODULE_NOT_FOUND" || code === "ENOENT" || code === "ENOTDIR") return null;
      throw error;
    }
  }
}
