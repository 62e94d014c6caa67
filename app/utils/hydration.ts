import { useEffect } from "react";

let hydrated = false;

/**
 * Whether the page has hydrated: false while the server renders and while React hydrates its
 * HTML, true once the document shell's first effect ran. Read once by a component as it mounts,
 * it tells the elements the server rendered from those added later, without the second render
 * React's `useSyncExternalStore` gives each such component right after hydration.
 */
export function pageHydrated(): boolean {
  return hydrated;
}

/** In the document shell: its effects run after every other effect of the hydrating render. */
export function useMarkPageHydrated() {
  useEffect(() => {
    hydrated = true;
  }, []);
}

/** For tests: a page before hydration, or after it (components rendered on their own). */
export function setPageHydrated(value: boolean) {
  hydrated = value;
}
