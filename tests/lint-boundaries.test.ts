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

describe("imports inside app/ and backend/ never close a cycle", () => {
  const CYCLE_RULE = "project/import-cycles";
  let cycles: ESLint;
  beforeAll(() => {
    cycles = new ESLint({
      cwd: root,
      overrideConfigFile: path.join(root, "eslint.config.js"),
      ruleFilter: ({ ruleId }) => ruleId === CYCLE_RULE,
    });
  });

  async function cycleMessages(filePath: string, code: string): Promise<string[]> {
    const [result] = await cycles.lintText(code, { filePath: path.join(root, filePath) });
    expect(result.messages.filter((message) => message.fatal)).toEqual([]);
    return result.messages.filter((message) => message.ruleId === CYCLE_RULE).map((message) => message.message);
  }

  test("a folder importing one that depends on it is reported, with the way back", async () => {
    // backend/account builds on backend/http; http importing account would close the loop.
    const messages = await cycleMessages(
      "backend/http/new-module.ts",
      'import { requireUser } from "../account/index.js";\nexport const guard = requireUser;',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("backend/http → backend/account → backend/http");
  });

  test("a module importing one that imports it is reported", async () => {
    // database-rate-limits.ts imports clock.ts.
    const messages = await cycleMessages(
      "backend/http/clock.ts",
      'import { DatabaseRateLimits } from "./database-rate-limits.js";\nexport const limits = DatabaseRateLimits;',
    );
    expect(messages).toEqual([expect.stringContaining("backend/http/database-rate-limits.ts")]);
  });

  test("app/utils reaching up into app/services is reported, however it is spelled", async () => {
    const code = [
      'import { callApi } from "~/services/api-client.server";',
      'const lazy = () => import("../services/catalogue.server");',
      "export { callApi, lazy };",
    ].join("\n");
    expect(await cycleMessages("app/utils/new-helper.ts", code)).toHaveLength(2);
  });

  test("imports of types only vanish at run time and do not count", async () => {
    const code = [
      'import type { ApiCaller } from "~/services/api-client.server";',
      'import { type CallOptions } from "~/services/api-client.server";',
      "export type Both = ApiCaller | CallOptions;",
    ].join("\n");
    expect(await cycleMessages("app/utils/new-helper.ts", code)).toEqual([]);
  });

  test("the tree as it is has no cycle", { timeout: 180_000 }, async () => {
    const results = await cycles.lintFiles(["app", "backend"]);
    const found = results.flatMap((result) =>
      result.messages.map((message) => `${path.relative(root, result.filePath)}: ${message.message}`),
    );
    expect(found).toEqual([]);
  });
});

describe("production code never imports tests or test support", () => {
  const TEST_IMPORT_RULE = "project/no-test-imports";
  let testImports: ESLint;
  beforeAll(() => {
    testImports = new ESLint({
      cwd: root,
      overrideConfigFile: path.join(root, "eslint.config.js"),
      ruleFilter: ({ ruleId }) => ruleId === TEST_IMPORT_RULE,
    });
  });

  async function reported(filePath: string, code: string): Promise<number> {
    const [result] = await testImports.lintText(code, { filePath: path.join(root, filePath) });
    return result.messages.filter((message) => message.ruleId === TEST_IMPORT_RULE).length;
  }

  const importsHelpers = [
    'import { serveAccounts } from "./testing/test-harness.js";',
    'import { startTestServer } from "../http/testing/test-server.js";',
    'export { databases } from "backend/db/testing/test-databases.js";',
  ].join("\n");

  test("a module importing a testing/ folder is reported, by any spelling", async () => {
    expect(await reported("backend/account/new-module.ts", importsHelpers)).toBe(3);
    expect(await reported("server/new-module.ts", 'import { x } from "../backend/testing/served-backend.js";')).toBe(1);
  });

  test("a module importing a test file is reported", async () => {
    expect(await reported("app/utils/new-helper.ts", 'import { cases } from "~/utils/misc.test";')).toBe(1);
  });

  test("tests and test support may import test support", async () => {
    expect(await reported("backend/account/accounts.test.ts", importsHelpers)).toBe(0);
    expect(await reported("backend/account/testing/more-helpers.ts", importsHelpers)).toBe(0);
  });
});
