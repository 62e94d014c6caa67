import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

/**
 * One spelling per name (decision 029): `license` and `favorite`, never the British forms, in the
 * project's own code, tests and prose, file names included.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SCANNED = ["app", "backend", "contract", "server", "scripts", "tests", "docs", "eslint-rules", "README.md"];
const DRIFT = /licence|favourite/gi;

/** Where the old spelling stays, each with its reason; `text` alone is allowed, or the whole file without it. */
const ALLOWED: Array<{ file: string; text?: string; why: string }> = [
  { file: "tests/one-spelling.test.ts", why: "names the spellings it looks for" },
  { file: "docs/decisions/029-one-spelling-per-name.md", why: "the decision names what it replaced" },
  // Migrations that ran keep the names they made; 350 renames them, and its test builds them.
  ...[
    "backend/db/migrations/001-catalogue.ts",
    "backend/db/migrations/330-variable-fonts.ts",
    "backend/db/migrations/350-one-spelling.ts",
    "backend/db/migrations/350-one-spelling.test.ts",
  ].map((file) => ({ file, text: "licence", why: "the table and column names before migration 350" })),
  {
    file: "backend/content/seed/news.ts",
    text: "ofl-licence-explained",
    why: "the article's stored seed key and its cover's public address",
  },
];

type Drift = { file: string; line: number; word: string };

/** Every use of the old spellings in `files` (paths and text) that ALLOWED does not name. */
function findDrift(files: Array<{ file: string; text: string }>): Drift[] {
  const found: Drift[] = [];
  for (const { file, text } of files) {
    const rules = ALLOWED.filter((rule) => rule.file === file);
    if (rules.some((rule) => rule.text === undefined)) continue;
    for (const match of file.matchAll(DRIFT)) found.push({ file, line: 0, word: match[0] });
    text.split("\n").forEach((content, index) => {
      let line = content;
      for (const rule of rules) line = line.replaceAll(rule.text!, "");
      for (const match of line.matchAll(DRIFT)) found.push({ file, line: index + 1, word: match[0] });
    });
  }
  return found;
}

function projectFiles(): Array<{ file: string; text: string }> {
  // Tracked files and new ones not yet added, so drift is caught before it is committed.
  const listed = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...SCANNED],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  return [...new Set(listed.split("\0").filter(Boolean))].flatMap((file) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      return []; // deleted in the work tree, not yet in the index
    }
    return bytes.includes(0) ? [{ file, text: "" }] : [{ file, text: bytes.toString("utf8") }];
  });
}

describe("one spelling per name", () => {
  test("the project's code, tests and docs say license and favorite", () => {
    const drift = findDrift(projectFiles()).map(({ file, line, word }) => `${file}:${line} ${word}`);
    expect(drift, "use license / favorite (decision 029), or add the file to ALLOWED with its reason").toEqual([]);
  });

  test("reports the old spellings in text and in file names, in any case, and honours an allowed text", () => {
    expect(
      findDrift([
        { file: "app/components/font/Licence-badge.tsx", text: "export const LICENCE = 1;\n// a favourite\n" },
        { file: "backend/content/seed/news.ts", text: 'slug: "ofl-licence-explained", // licences' },
        { file: "backend/db/migrations/001-catalogue.ts", text: 'createTable("licence") // Licence' },
      ]),
    ).toEqual([
      { file: "app/components/font/Licence-badge.tsx", line: 0, word: "Licence" },
      { file: "app/components/font/Licence-badge.tsx", line: 1, word: "LICENCE" },
      { file: "app/components/font/Licence-badge.tsx", line: 2, word: "favourite" },
      { file: "backend/content/seed/news.ts", line: 1, word: "licence" },
      { file: "backend/db/migrations/001-catalogue.ts", line: 1, word: "Licence" },
    ]);
  });
});
