import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app"), "@contract": path.resolve(__dirname, "contract") } },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "backend/**/*.test.ts",
      "contract/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
  },
});
