import fs from "node:fs";
import path from "node:path";

/**
 * Keeps the top-level areas of the project apart by where an import *resolves*, not how it is spelled:
 * `../../backend/x`, `~/x` (the app alias), `@contract/x` and `backend/x` (tsconfig baseUrl) all name a folder.
 *
 * Options: `{ root, aliases, forbiddenFolders }` forbids imports that land in one of those top-level folders;
 * `{ root, aliases, allowedFolders, allowedPackages }` allows nothing but those folders and npm packages.
 *
 * @type {import("eslint").Rule.RuleModule}
 */
export const importBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports that cross the boundary between top-level project folders" },
    schema: [
      {
        type: "object",
        properties: {
          root: { type: "string" },
          aliases: { type: "object", additionalProperties: { type: "string" } },
          forbiddenFolders: { type: "array", items: { type: "string" } },
          allowedFolders: { type: "array", items: { type: "string" } },
          allowedPackages: { type: "array", items: { type: "string" } },
        },
        required: ["root"],
        additionalProperties: false,
      },
    ],
    messages: {
      forbiddenFolder: "{{from}}/ may not import from {{to}}/ ('{{source}}'); share it through contract/ instead.",
      notAllowed: "{{from}}/ may only import {{allowed}}; '{{source}}' resolves to {{target}}.",
    },
  },
  create(context) {
    const { root, aliases = {}, forbiddenFolders, allowedFolders, allowedPackages } = context.options[0];
    const fromFolder = topFolder(path.relative(root, context.filename));

    /** @param {import("estree").Node | null | undefined} node */
    function check(node) {
      if (!node || node.type !== "Literal" || typeof node.value !== "string") return;
      const source = node.value;
      const target = resolveTarget(source, path.dirname(context.filename), root, aliases);
      if (forbiddenFolders && "folder" in target && forbiddenFolders.includes(target.folder)) {
        context.report({ node, messageId: "forbiddenFolder", data: { from: fromFolder, to: target.folder, source } });
      }
      if (allowedFolders || allowedPackages) {
        const allowed =
          "folder" in target
            ? (allowedFolders ?? []).includes(target.folder)
            : (allowedPackages ?? []).includes(target.package);
        if (!allowed) {
          const names = [...(allowedFolders ?? []).map((folder) => `${folder}/`), ...(allowedPackages ?? [])];
          context.report({
            node,
            messageId: "notAllowed",
            data: {
              from: fromFolder,
              allowed: names.join(", "),
              source,
              target: "folder" in target ? `${target.folder}/` : `the package ${target.package}`,
            },
          });
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression(node) {
        if (node.callee.type === "Identifier" && node.callee.name === "require") check(node.arguments[0]);
      },
      /** @param {any} node TSExternalModuleReference: `import x = require("...")` */
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

/** @param {string} relativePath a path relative to the project root */
function topFolder(relativePath) {
  const [first] = relativePath.split(/[\\/]/);
  return first === ".." || path.isAbsolute(relativePath) ? "(outside the project)" : first;
}

/**
 * @param {string} source the import specifier as written
 * @returns {{ folder: string } | { package: string }}
 */
function resolveTarget(source, fromDirectory, root, aliases) {
  if (source.startsWith(".") || path.isAbsolute(source)) {
    return { folder: topFolder(path.relative(root, path.resolve(fromDirectory, source))) };
  }
  for (const [prefix, folder] of Object.entries(aliases)) {
    if (source.startsWith(prefix)) return { folder };
  }
  const [first, second] = source.split("/");
  if (!first.startsWith("@") && isProjectFolder(root, first)) return { folder: first };
  return { package: first.startsWith("@") ? `${first}/${second}` : first };
}

const projectFolders = new Map();
/** A bare `backend/x` resolves into the project through tsconfig's baseUrl. */
function isProjectFolder(root, name) {
  const key = path.join(root, name);
  if (!projectFolders.has(key))
    projectFolders.set(key, fs.statSync(key, { throwIfNoEntry: false })?.isDirectory() ?? false);
  return projectFolders.get(key);
}
