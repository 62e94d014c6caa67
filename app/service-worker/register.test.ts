import { describe, expect, it, vi } from "vitest";
import { ACTIVATION_WAIT_MS, ServiceWorkerUnsupportedError, registerServiceWorker, type WorkboxLike } from "./register";

/** A stand-in for workbox-window's Workbox: its events are fired by the test. */
function fakeWorkbox() {
  const listeners = new Map<string, Array<() => void>>();
  const workbox = {
    register: vi.fn().mockResolvedValue(undefined),
    messageSkipWaiting: vi.fn(),
    addEventListener: (type: string, listener: () => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
  };
  return workbox as typeof workbox & WorkboxLike;
}

describe("registerServiceWorker: root scope, failures ignored, updates on request", () => {
  it("registers /sw.js with root scope", async () => {
    const workbox = fakeWorkbox();
    const createWorkbox = vi.fn().mockResolvedValue(workbox);
    await registerServiceWorker({ nav: { serviceWorker: {} }, createWorkbox, onUpdateWaiting: () => {} });
    expect(createWorkbox).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    expect(workbox.register).toHaveBeenCalledOnce();
  });

  it("raises a not-supported error when the browser has no service workers", async () => {
    await expect(registerServiceWorker({ nav: {}, onUpdateWaiting: () => {} })).rejects.toBeInstanceOf(
      ServiceWorkerUnsupportedError,
    );
  });

  it("a waiting worker is offered; it takes over only when asked, and the page reloads once", async () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    let activate: (() => void) | null = null;
    await registerServiceWorker({
      nav: { serviceWorker: {} },
      createWorkbox: async () => workbox,
      reload,
      onUpdateWaiting: (next) => (activate = next),
    });
    workbox.fire("controlling");
    expect(reload).not.toHaveBeenCalled();
    workbox.fire("waiting");
    expect(activate).not.toBeNull();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    activate!();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    workbox.fire("controlling");
    workbox.fire("controlling");
    expect(reload).toHaveBeenCalledOnce();
  });

  it("reloads once anyway when the new worker has not taken over after a moment", async () => {
    vi.useFakeTimers();
    try {
      const workbox = fakeWorkbox();
      const reload = vi.fn();
      let activate: (() => void) | null = null;
      await registerServiceWorker({
        nav: { serviceWorker: {} },
        createWorkbox: async () => workbox,
        reload,
        onUpdateWaiting: (next) => (activate = next),
      });
      workbox.fire("waiting");
      activate!();
      vi.advanceTimersByTime(ACTIVATION_WAIT_MS - 1);
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(reload).toHaveBeenCalledOnce();
      workbox.fire("controlling");
      expect(reload).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
