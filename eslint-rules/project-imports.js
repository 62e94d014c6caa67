import fs from "node:fs";
import path from "node:path";
import typescript from "typescript";

const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs", ".jsx"];

/**
 * The project file an import specifier names, or null for a package (or a file that does not exist).
 * Knows the spellings the project uses: relative paths (with or without `.js`), the tsconfig aliases
 * (`{ "~/": "app" }`) and bare `backend/x` through tsconfig's baseUrl.
 *
 * @param {string} source @param {string} fromFile absolute @param {string} root
 * @param {Record<string, string>} aliases prefix → the project folder it stands for
 * @returns {string | null} absolute path
 */
export function resolveProjectFile(source, fromFile, root, aliases) {
  let base;
  if (source.startsWith(".")) base = path.resolve(path.dirname(fromFile), source);
  else {
    const alias = Object.keys(aliases).find((prefix) => source.startsWith(prefix));
    if (alias) base = path.join(root, aliases[alias], source.slice(alias.length));
    else {
      const [first] = source.split("/");
      if (first.startsWith("@") || !isDirectory(path.join(root, first))) return null;
      base = path.join(root, source);
    }
  }
  const stem = base.replace(/\.(js|mjs|jsx)$/, "");
  for (const candidate of [
    base,
    ...EXTENSIONS.map((extension) => stem + extension),
    ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ]) {
    if (isFile(candidate)) return candidate;
  }
  return null;
}

const stats = new Map();
function stat(file) {
  if (!stats.has(file)) stats.set(file, fs.statSync(file, { throwIfNoEntry: false }) ?? null);
  return stats.get(file);
}
const isFile = (file) => stat(file)?.isFile() ?? false;
const isDirectory = (file) => stat(file)?.isDirectory() ?? false;

/** Test files and test support: `*.test.*`, anything in a `testing/` folder, the top-level `tests/`. */
export function isTestCode(relativePath) {
  const parts = relativePath.split(/[\\/]/);
  return parts[0] === "tests" || parts.includes("testing") || /\.test\.[cm]?[jt]sx?$/.test(relativePath);
}

/** Imports that exist at run time: `import type` and `export type`, and imports of types only, vanish. */
function runtimeSpecifiers(sourceFile) {
  const ts = typescript;
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The project files `text` imports at run time (absolute paths). */
export function runtimeImports(file, text, root, aliases) {
  const kind = file.endsWith("x") ? typescript.ScriptKind.TSX : typescript.ScriptKind.TS;
  const sourceFile = typescript.createSourceFile(file, text, typescript.ScriptTarget.Latest, false, kind);
  return runtimeSpecifiers(sourceFile)
    .map((source) => resolveProjectFile(source, file, root, aliases))
    .filter((target) => target !== null);
}

function listFiles(directory) {
  const files = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full));
    else if (/\.[cm]?[jt]sx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(full);
  }
  return files;
}

const graphs = new Map();
/**
 * The run-time imports between the non-test files of `folders`, read from disk once per process (one
 * lint run); the file being linted is taken from its own text.
 * @returns {Map<string, string[]>}
 */
function diskGraph(root, folders, aliases) {
  const key = JSON.stringify([root, folders, aliases]);
  if (!graphs.has(key)) {
    const graph = new Map();
    for (const folder of folders) {
      for (const file of listFiles(path.join(root, folder))) {
        if (isTestCode(path.relative(root, file))) continue;
        graph.set(file, runtimeImports(file, fs.readFileSync(file, "utf8"), root, aliases));
      }
    }
    graphs.set(key, graph);
  }
  return graphs.get(key);
}

/**
 * The folder a file belongs to for the folder-level check: `backend/account`, `app/routes`,
 * `app/components/catalogue` (the folders under a grouping folder such as `app/components` are units
 * of their own). A file at the top of a folder in `folders` (`backend/index.ts`) is its own unit.
 */
function unitOf(relativePath, groupingFolders) {
  const parts = relativePath.split(/[\\/]/);
  if (parts.length <= 2) return relativePath;
  for (const grouping of groupingFolders) {
    const depth = grouping.split("/").length;
    if (parts.slice(0, depth).join("/") === grouping) {
      return parts.length > depth + 1 ? parts.slice(0, depth + 1).join("/") : grouping;
    }
  }
  return parts.slice(0, 2).join("/");
}

/** A path from `from` to `to` in `edges` (node → neighbours), or null. */
function findPath(edges, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) {
      const route = [];
      for (let at = to; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of edges(node)) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

/**
 * Fails on an import that closes a cycle: between modules (a imports b, which imports a), or between
 * folders (`backend/account` imports `backend/notices`, which imports `backend/account`): a folder a
 * feature depends on must not depend back on it. Only run-time imports count (a type-only import
 * vanishes when compiled); tests and `testing/` folders are not part of the graph.
 *
 * Options: `{ root, aliases, folders, groupingFolders }`: `folders` are the top-level folders checked
 * (`["app", "backend"]`), `groupingFolders` those whose subfolders are units of their own.
 *
 * @type {import("eslint").Rule.RuleModule}
 */
export const importCycles = {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports that close a cycle between modules or between folders" },
    schema: [
      {
        type: "object",
        properties: {
          root: { type: "string" },
          aliases: { type: "object", additionalProperties: { type: "string" } },
          folders: { type: "array", items: { type: "string" } },
          groupingFolders: { type: "array", items: { type: "string" } },
        },
        required: ["root", "folders"],
        additionalProperties: false,
      },
    ],
    messages: {
      moduleCycle: "This import closes a cycle between modules: {{cycle}}.",
      folderCycle:
        "This import closes a cycle between folders: {{cycle}}. Move the shared piece down, or let the lower folder take a callback.",
    },
  },
  create(context) {
    const { root, aliases = {}, folders, groupingFolders = [] } = context.options[0];
    const file = context.filename;
    const relative = path.relative(root, file);
    if (isTestCode(relative) || !folders.includes(relative.split(/[\\/]/)[0])) return {};

    return {
      "Program:exit"(program) {
        const disk = diskGraph(root, folders, aliases);
        const own = runtimeImports(file, context.sourceCode.getText(), root, aliases).filter((target) =>
          disk.has(target),
        );
        const importsOf = (node) => (node === file ? own : (disk.get(node) ?? []));
        const name = (node) => path.relative(root, node);
        const unit = (node) => unitOf(name(node), groupingFolders);

        /** Folder → the folders its files import, with this file's imports as written now. */
        const unitEdges = new Map();
        for (const node of new Set([...disk.keys(), file])) {
          const from = unit(node);
          if (!unitEdges.has(from)) unitEdges.set(from, new Set());
          for (const target of importsOf(node)) if (unit(target) !== from) unitEdges.get(from).add(unit(target));
        }

        const reported = new Set();
        for (const target of own) {
          if (reported.has(target)) continue;
          reported.add(target);
          const node = importNode(program, target, file, root, aliases);
          const back = findPath(importsOf, target, file);
          if (back) {
            context.report({ node, messageId: "moduleCycle", data: { cycle: [file, ...back].map(name).join(" → ") } });
            continue;
          }
          const from = unit(file);
          const to = unit(target);
          if (from === to) continue;
          const unitsBack = findPath((u) => unitEdges.get(u) ?? [], to, from);
          if (unitsBack) {
            context.report({ node, messageId: "folderCycle", data: { cycle: [from, ...unitsBack].join(" → ") } });
          }
        }
      },
    };
  },
};

/** The import's string literal in the linted file, for the report's position. */
function importNode(program, target, file, root, aliases) {
  let found = program;
  const visit = (node) => {
    if (!node || typeof node !== "object" || found !== program) return;
    if (
      (node.type === "ImportDeclaration" ||
        node.type === "ExportNamedDeclaration" ||
        node.type === "ExportAllDeclaration" ||
        node.type === "ImportExpression") &&
      node.source?.type === "Literal" &&
      typeof node.source.value === "string" &&
      resolveProjectFile(node.source.value, file, root, aliases) === target
    ) {
      found = node.source;
      return;
    }
    for (const key of Object.keys(node)) {
      if (key === "parent") continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === "string") visit(child);
    }
  };
  visit(program);
  return found;
}

/**
 * Production code never imports test code: a `*.test.*` file or anything in a `testing/` folder or in
 * `tests/`. Apply it to every file but the tests and test support themselves.
 *
 * @type {import("eslint").Rule.RuleModule}
 */
export const noTestImports = {
  meta: {
    type: "problem",
    docs: { description: "Forbid production code importing tests or test support" },
    schema: [
      {
        type: "object",
        properties: { root: { type: "string" }, aliases: { type: "object", additionalProperties: { type: "string" } } },
        required: ["root"],
        additionalProperties: false,
      },
    ],
    messages: {
      testImport:
        "Production code may not import test code ('{{source}}' is {{target}}); move what both need out of it.",
    },
  },
  create(context) {
    const { root, aliases = {} } = context.options[0];
    /** @param {import("estree").Node | null | undefined} node */
    function check(node) {
      if (!node || node.type !== "Literal" || typeof node.value !== "string") return;
      const target = resolveProjectFile(node.value, context.filename, root, aliases);
      if (target && isTestCode(path.relative(root, target))) {
        context.report({
          node,
          messageId: "testImport",
          data: { source: node.value, target: path.relative(root, target) },
        });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
