import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** One unicode-range slice of a variable font, as a `@fontsource-variable/*` package publishes it. */
export type PackageSlice = {
  /** The slice's key in the package: `4`, `119`, `latin`, `latin-ext`… */
  key: string;
  /** The WOFF2 file, as a path inside the package: `@fontsource-variable/inter/files/inter-latin-standard-normal.woff2`. */
  packageFile: string;
  ranges: CodepointRange[];
};

export type CodepointRange = [first: number, last: number];

/**
 * The package ships each slice in several builds, each keeping some of the axes; the first build
 * found is taken: `full` keeps every axis, `standard` the registered ones, `wght` the weight alone.
 */
const BUILDS_BY_PREFERENCE = ["full", "standard", "wght"] as const;

/** The slices of an installed package, in the order of its `unicode.json`; throws when none can be found. */
export function packageSlices(packageName: string): PackageSlice[] {
  const unicode = JSON.parse(readFileSync(require.resolve(`${packageName}/unicode.json`), "utf8")) as Record<
    string,
    string
  >;
  const metadata = JSON.parse(readFileSync(require.resolve(`${packageName}/metadata.json`), "utf8")) as { id: string };
  const filesDirectory = path.join(path.dirname(require.resolve(`${packageName}/metadata.json`)), "files");
  const build = BUILDS_BY_PREFERENCE.find((candidate) =>
    Object.keys(unicode).some((key) =>
      existsSync(path.join(filesDirectory, sliceFileName(metadata.id, key, candidate))),
    ),
  );
  if (!build) throw new Error(`${packageName} 中找不到可变字体文件`);
  const slices: PackageSlice[] = [];
  for (const [rawKey, range] of Object.entries(unicode)) {
    const fileName = sliceFileName(metadata.id, rawKey, build);
    if (!existsSync(path.join(filesDirectory, fileName))) continue;
    slices.push({
      key: sliceKey(rawKey),
      packageFile: `${packageName}/files/${fileName}`,
      ranges: parseUnicodeRange(range),
    });
  }
  return slices;
}

function sliceKey(rawKey: string): string {
  return rawKey.replace(/^\[(\d+)\]$/, "$1");
}

function sliceFileName(id: string, rawKey: string, build: string): string {
  return `${id}-${sliceKey(rawKey)}-${build}-normal.woff2`;
}

/** `U+0000-00FF,U+0131` → [[0, 255], [305, 305]]; anything else in the list is skipped. */
export function parseUnicodeRange(text: string): CodepointRange[] {
  const ranges: CodepointRange[] = [];
  for (const part of text.split(",")) {
    const match = /^\s*U\+([0-9a-f]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (!match) continue;
    const first = parseInt(match[1]!, 16);
    const last = match[2] ? parseInt(match[2], 16) : first;
    if (last >= first) ranges.push([first, last]);
  }
  return ranges;
}
