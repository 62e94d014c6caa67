// Compiles the server (server.ts with server/, backend/, contract/ and the app's config it imports)
// into build/server/server.js, so production runs plain JavaScript under `node` without a
// TypeScript loader (which costs a second V8 heap). Packages stay in node_modules. The backend's
// migrations are read from a folder at run time: they are compiled beside it one file each.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(rootDir, "build/server");
const common = { platform: "node", format: "esm", target: "node20", logLevel: "warning", sourcemap: true };

await build({
  ...common,
  entryPoints: [path.join(rootDir, "server.ts")],
  outfile: path.join(outDir, "server.js"),
  bundle: true,
  packages: "external",
  // The path aliases of tsconfig.json (the website's services use them) look like package names,
  // which `packages: "external"` would leave to Node to find in node_modules.
  alias: { "~": path.join(rootDir, "app"), "@contract": path.join(rootDir, "contract") },
});

// The subset service's worker thread, started from beside server.js (backend/subset/subsetter-pool.ts).
await build({
  ...common,
  entryPoints: [path.join(rootDir, "backend/subset/subset-worker.ts")],
  outfile: path.join(outDir, "subset-worker.js"),
  bundle: true,
  packages: "external",
});

const migrations = path.join(rootDir, "backend/db/migrations");
await build({
  ...common,
  entryPoints: readdirSync(migrations)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.ts$/.test(file))
    .map((file) => path.join(migrations, file)),
  outdir: path.join(outDir, "migrations"),
});
console.log("server: build/server/server.js");
