import type { Workbox } from "workbox-window";
import { reloadPage } from "~/utils/chunk-reload";

/**
 * The service worker, registered from the site root with root scope through workbox-window. A
 * failed registration is ignored; an unsupported browser raises ServiceWorkerUnsupportedError,
 * which the caller ignores too.
 */
export class ServiceWorkerUnsupportedError extends Error {
  constructor() {
    super("Service workers are not supported by this browser");
    this.name = "ServiceWorkerUnsupportedError";
  }
}

export const SERVICE_WORKER_URL = "/sw.js";

/** How long a page asked to update waits for the new worker to take over before reloading anyway. */
export const ACTIVATION_WAIT_MS = 3_000;

/** The part of workbox-window's Workbox this site uses. */
export type WorkboxLike = Pick<Workbox, "register" | "messageSkipWaiting"> & {
  addEventListener(type: "waiting" | "controlling", listener: () => void): void;
};

export type RegisterOptions = {
  /** Told when a new build's worker is installed and waits; `activate` hands it the page. */
  onUpdateWaiting(activate: () => void): void;
  nav?: { serviceWorker?: unknown };
  createWorkbox?: (url: string, options: { scope: string }) => Promise<WorkboxLike>;
  reload?: () => void;
};

async function loadWorkbox(url: string, options: { scope: string }): Promise<WorkboxLike> {
  const { Workbox } = await import("workbox-window");
  return new Workbox(url, options);
}

/** Registers `/sw.js` with scope `/`; throws ServiceWorkerUnsupportedError when unsupported. */
export async function registerServiceWorker({
  onUpdateWaiting,
  nav = typeof navigator === "undefined" ? undefined : navigator,
  createWorkbox = loadWorkbox,
  reload = reloadPage,
}: RegisterOptions): Promise<WorkboxLike> {
  if (!nav || !("serviceWorker" in nav) || !nav.serviceWorker) throw new ServiceWorkerUnsupportedError();
  const workbox = await createWorkbox(SERVICE_WORKER_URL, { scope: "/" });
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    reload();
  };
  workbox.addEventListener("waiting", () =>
    onUpdateWaiting(() => {
      // The page reloads once the new worker controls it, so it never runs the old build's
      // scripts against the new worker's caches.
      workbox.addEventListener("controlling", reloadOnce);
      workbox.messageSkipWaiting();
      // Chromium activates the new worker only once the old one has no fetch in progress, and a
      // request of this very page can hold it; leaving the page ends those requests, so the page
      // reloads anyway after a moment and the new worker takes over as it unloads.
      setTimeout(reloadOnce, ACTIVATION_WAIT_MS);
    }),
  );
  await workbox.register();
  return workbox;
}
