import { defineConfig } from "vitest/config";

/**
 * `npm run test:scale`: the scale-out tests, over HTTP and in Chromium, apart from `vitest run`
 * (they start their own services).
 */
export default defineConfig({
  test: {
    include: ["tests/scale/**/*.scale.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Each file starts its own services: two sets at once would crowd a small CI machine.
    fileParallelism: false,
  },
});
