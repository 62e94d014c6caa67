import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest runs without globals here, so Testing Library cannot register its own cleanup:
// unmount what each test rendered before the next one starts.
afterEach(() => {
  cleanup();
});
