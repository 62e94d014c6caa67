/**
 * The service worker, registered from the site root with root scope. A failed registration is
 * ignored; an unsupported browser raises ServiceWorkerUnsupportedError, which the caller ignores too.
 */
export class ServiceWorkerUnsupportedError extends Error {
  constructor() {
    super("Service workers are not supported by this browser");
    this.name = "ServiceWorkerUnsupportedError";
  }
}

export const SERVICE_WORKER_URL = "/sw.js";

type WorkerLike = Pick<ServiceWorker, "state" | "addEventListener" | "removeEventListener">;

/** The part of the browser's ServiceWorkerContainer this site uses. */
export type ServiceWorkerContainerLike = {
  readonly controller: WorkerLike | null;
  register(url: string, options: { scope: string }): Promise<unknown>;
  addEventListener(type: "controllerchange", listener: () => void): void;
};

export type RegisterOptions = {
  /**
   * Told when a new deployment's worker is active and controls this page, which still runs the
   * build it was loaded with: a reload shows the new build.
   */
  onUpdateActivated(): void;
  nav?: { serviceWorker?: ServiceWorkerContainerLike };
};

function whenActivated(worker: WorkerLike, then: () => void) {
  if (worker.state === "activated") return then();
  const onStateChange = () => {
    if (worker.state !== "activated") return;
    worker.removeEventListener("statechange", onStateChange);
    then();
  };
  worker.addEventListener("statechange", onStateChange);
}

/** Registers `/sw.js` with scope `/`; throws ServiceWorkerUnsupportedError when unsupported. */
export async function registerServiceWorker({
  onUpdateActivated,
  nav = typeof navigator === "undefined" ? undefined : (navigator as RegisterOptions["nav"]),
}: RegisterOptions): Promise<void> {
  const container = nav?.serviceWorker;
  if (!container) throw new ServiceWorkerUnsupportedError();
  // The first worker of a page loaded without one is no new build: the page came from the network.
  // Every later one is the next deployment's, activated in the background as soon as the old one
  // is idle; the visitor then chooses when to reload, and no navigation waits on an activation.
  let controlledBefore = Boolean(container.controller);
  container.addEventListener("controllerchange", () => {
    const next = container.controller;
    if (!next) return;
    if (controlledBefore) whenActivated(next, onUpdateActivated);
    controlledBefore = true;
  });
  await container.register(SERVICE_WORKER_URL, { scope: "/" });
}
