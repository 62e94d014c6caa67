import type { ServerResponse } from "node:http";

/** Where `npm run build:sw` writes the service worker, relative to public/. */
export const SERVICE_WORKER_FILE = "sw.js";

/**
 * `express.static`'s `setHeaders` for public/: the service worker's script is revalidated on every
 * check, so a new deployment reaches visitors at their next visit, and it may control the whole site.
 */
export function serviceWorkerHeaders(res: ServerResponse, filePath: string) {
  if (filePath.split(/[\\/]/).at(-1) !== SERVICE_WORKER_FILE) return;
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Service-Worker-Allowed", "/");
}
