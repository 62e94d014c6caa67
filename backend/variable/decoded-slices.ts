import path from "node:path";
import { decodedFont } from "../storage/decoded-fonts.js";
import { dataLocation, type FontStorage, type StoredFile } from "../storage/font-storage.js";

/** Under the data directory, beside the catalogue's decoded fonts. */
const DECODED_FOLDER = "fonts/variable";

/** The TTF of a published WOFF2 slice, decoded under the data directory. Null when the WOFF2 itself is gone. */
export function decodedSlice(storage: FontStorage, woff2Location: string): Promise<StoredFile | null> {
  const ttfLocation = dataLocation(path.join(DECODED_FOLDER, `${path.posix.basename(woff2Location, ".woff2")}.ttf`));
  return decodedFont(storage, woff2Location, ttfLocation);
}
