/**
 * A service worker registered from the site root with root scope. A failed
 * registration is ignored; an unsupported browser raises a "not supported" error that is
 * then ignored too.
 */

export class ServiceWorkerUnsupportedError extends Error {
  constructor() {
    super("Service workers are not supported by this browser");
    this.name = "ServiceWorkerUnsupportedError";
  }
}

type Nav = { serviceWorker?: { register(url: string, options?: { scope?: string }): Promise<unknown> } };

/** Registers `/sw.js` with scope `/`; throws ServiceWorkerUnsupportedError when unsupported. */
export async function registerServiceWorker(nav: Nav = navigator as unknown as Nav): Promise<unknown> {
  if (!nav || !("serviceWorker" in nav) || !nav.serviceWorker) throw new ServiceWorkerUnsupportedError();
  return nav.serviceWorker.register("/sw.js", { scope: "/" });
}

/** Registers after the page has loaded, swallowing every failure. */
export function registerServiceWorkerAfterLoad(): void {
  if (typeof window === "undefined") return;
  const run = () => {
    registerServiceWorker().catch(() => {
      /* unsupported or failed: ignored on purpose */
    });
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
}
