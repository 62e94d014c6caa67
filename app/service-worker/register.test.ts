import { describe, expect, it, vi } from "vitest";
import { ServiceWorkerUnsupportedError, registerServiceWorker, type ServiceWorkerContainerLike } from "./register";

/** A worker whose state the test moves on, firing statechange like the browser's. */
function fakeWorker(state: ServiceWorkerState) {
  const target = new EventTarget();
  const worker = {
    state,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    moveTo(next: ServiceWorkerState) {
      worker.state = next;
      target.dispatchEvent(new Event("statechange"));
    },
  };
  return worker;
}

/** A stand-in for navigator.serviceWorker: the test changes its controller as a new worker claims the page. */
function fakeContainer(controller: ReturnType<typeof fakeWorker> | null) {
  const target = new EventTarget();
  const container = {
    controller,
    register: vi.fn().mockResolvedValue({}),
    addEventListener: target.addEventListener.bind(target),
    claimBy(worker: ReturnType<typeof fakeWorker>) {
      container.controller = worker;
      target.dispatchEvent(new Event("controllerchange"));
    },
  };
  return container as typeof container & ServiceWorkerContainerLike;
}

describe("registerServiceWorker: root scope, failures ignored, new builds announced once active", () => {
  it("registers /sw.js with root scope", async () => {
    const container = fakeContainer(null);
    await registerServiceWorker({ nav: { serviceWorker: container }, onUpdateActivated: () => {} });
    expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
  });

  it("raises a not-supported error when the browser has no service workers", async () => {
    await expect(registerServiceWorker({ nav: {}, onUpdateActivated: () => {} })).rejects.toBeInstanceOf(
      ServiceWorkerUnsupportedError,
    );
  });

  it("a page that had no worker is not told about its first one, but about the next", async () => {
    const container = fakeContainer(null);
    const onUpdateActivated = vi.fn();
    await registerServiceWorker({ nav: { serviceWorker: container }, onUpdateActivated });
    container.claimBy(fakeWorker("activated"));
    expect(onUpdateActivated).not.toHaveBeenCalled();
    container.claimBy(fakeWorker("activated"));
    expect(onUpdateActivated).toHaveBeenCalledOnce();
  });

  it("a controlled page is told when the next worker has finished activating", async () => {
    const container = fakeContainer(fakeWorker("activated"));
    const onUpdateActivated = vi.fn();
    await registerServiceWorker({ nav: { serviceWorker: container }, onUpdateActivated });
    const next = fakeWorker("activating");
    container.claimBy(next);
    expect(onUpdateActivated).not.toHaveBeenCalled();
    next.moveTo("activated");
    expect(onUpdateActivated).toHaveBeenCalledOnce();
    next.moveTo("activated");
    expect(onUpdateActivated).toHaveBeenCalledOnce();
  });

  it("a worker already active when it claims the page is announced at once", async () => {
    const container = fakeContainer(fakeWorker("activated"));
    const onUpdateActivated = vi.fn();
    await registerServiceWorker({ nav: { serviceWorker: container }, onUpdateActivated });
    container.claimBy(fakeWorker("activated"));
    expect(onUpdateActivated).toHaveBeenCalledOnce();
  });
});
