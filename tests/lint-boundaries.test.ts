import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, test } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BOUNDARY_RULE = "project/import-boundaries";

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: path.join(root, "eslint.config.js"),
    ruleFilter: ({ ruleId }) => ruleId === BOUNDARY_RULE,
  });
});

/** The import specifiers the boundary rule reports when `code` is linted as the file at `filePath`. */
async function crossings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  const lines = code.split("\n");
  return result.messages
    .filter((message) => message.ruleId === BOUNDARY_RULE)
    .map((message) => lines[message.line - 1].slice(message.column - 1, message.endColumn! - 1));
}

describe("app/ never reaches into backend/", () => {
  test("a route importing the backend by a relative path is reported", async () => {
    expect(await crossings("app/routes/x.tsx", 'import { createBackend } from "../../backend/index";')).toEqual([
      '"../../backend/index"',
    ]);
  });

  test("the depth of the importing file does not matter, nor does the kind of import", async () => {
    const code = [
      'import type { Database } from "../../../../backend/db/schema";',
      'export { aesDecrypt } from "../../../../backend/captcha/aes";',
      'const lazy = () => import("../../../../backend/index");',
    ].join("\n");
    expect(await crossings("app/routes/_font+/font+/$id.tsx", code)).toHaveLength(3);
  });

  test("app tests obey the same boundary", async () => {
    expect(
      await crossings(
        "app/components/captcha-slider.test.ts",
        'import { aesDecrypt } from "../../backend/captcha/aes";',
      ),
    ).toEqual(['"../../backend/captcha/aes"']);
  });

  test("the shared contract, npm packages and the app's own modules may be imported", async () => {
    const code = [
      'import { catalogueSchema } from "@contract/catalogue";',
      'import { fontSchema } from "../../contract/catalogue";',
      'import { cn } from "~/utils/misc";',
      'import { useState } from "react";',
      'import { Header } from "./header";',
    ].join("\n");
    expect(await crossings("app/routes/x.tsx", code)).toEqual([]);
  });

  test("a path that only mentions backend without leaving app/ is not a crossing", async () => {
    expect(await crossings("app/routes/x.tsx", 'import { backendLabel } from "../utils/backend";')).toEqual([]);
  });
});

describe("backend/ never reaches into app/", () => {
  test("relative, ~/ alias and baseUrl spellings of app/ are all reported", async () => {
    const code = [
      'import { Layout } from "../app/root";',
      'import { cn } from "~/utils/misc";',
      'import { stripHtmlSuffix } from "app/utils/html-suffix";',
    ].join("\n");
    expect(await crossings("backend/x.ts", code)).toEqual([
      '"../app/root"',
      '"~/utils/misc"',
      '"app/utils/html-suffix"',
    ]);
  });

  test("backend tests obey the same boundary", async () => {
    expect(await crossings("backend/catalogue/routes.test.ts", 'import { cn } from "../../app/utils/misc";')).toEqual([
      '"../../app/utils/misc"',
    ]);
  });

  test("the shared contract and npm packages may be imported", async () => {
    const code = ['import { fontSchema } from "../contract/catalogue";', 'import express from "express";'].join("\n");
    expect(await crossings("backend/x.ts", code)).toEqual([]);
  });
});

describe("contract/ imports nothing but zod and itself", () => {
  test("any other package, a node built-in or a path out of contract/ is reported", async () => {
    const code = [
      'import express from "express";',
      'import { readFile } from "node:fs/promises";',
      'import { db } from "../backend/db";',
      'import { cn } from "../app/utils/misc";',
    ].join("\n");
    expect(await crossings("contract/x.ts", code)).toEqual([
      '"express"',
      '"node:fs/promises"',
      '"../backend/db"',
      '"../app/utils/misc"',
    ]);
  });

  test("zod and other contract modules may be imported", async () => {
    const code = [
      'import { z } from "zod";',
      'import { fontSchema } from "./catalogue";',
      'import { pageSchema } from "../contract/paging";',
    ].join("\n");
    expect(await crossings("contract/x.ts", code)).toEqual([]);
  });

  test("contract tests may also import vitest, and still nothing from the app or the backend", async () => {
    const code = ['import { expect, test } from "vitest";', 'import { db } from "../backend/db";'].join("\n");
    expect(await crossings("contract/x.test.ts", code)).toEqual(['"../backend/db"']);
    expect(await crossings("contract/x.ts", code)).toEqual(['"vitest"', '"../backend/db"']);
  });
});

test("server.ts composes the app and the backend, so it may import both", async () => {
  const code = [
    'import { createBackend } from "./backend/index.js";',
    'import { stripHtmlSuffix } from "./app/utils/html-suffix.js";',
  ].join("\n");
  expect(await crossings("server.ts", code)).toEqual([]);
});
