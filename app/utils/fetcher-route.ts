/**
 * The `handle` of a resource route that fetchers and Remix's `<Form>` talk to. Only such resource
 * routes answer Remix's `.data` requests; the server answers the others' with 404 before they run
 * (`server/resource-route-data.ts`), because Remix would read a file they send whole into a string.
 */
export const FETCHER_ROUTE_HANDLE = { fetcherRoute: true } as const;

export function isFetcherRoute(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { fetcherRoute?: unknown }).fetcherRoute === true;
}
