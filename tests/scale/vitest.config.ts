import { defineConfig } from "vitest/config";

/** `npm run test:scale`: the scale-out test alone, apart from `vitest run` (it starts its own services). */
export default defineConfig({
  test: {
    include: ["tests/scale/**/*.scale.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
  },
});
