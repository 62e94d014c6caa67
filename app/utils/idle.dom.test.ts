// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterLoadWhenIdle } from "./idle";

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, "readyState", { value: state, configurable: true });
}

/** The browser's idle callbacks, run when the test says the browser is idle. */
function stubIdleCallbacks() {
  const pending = new Map<number, () => void>();
  let next = 1;
  vi.stubGlobal("requestIdleCallback", (task: () => void) => {
    pending.set(next, task);
    return next++;
  });
  vi.stubGlobal("cancelIdleCallback", (handle: number) => pending.delete(handle));
  return {
    runIdle() {
      const tasks = [...pending.values()];
      pending.clear();
      for (const task of tasks) task();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setReadyState("complete");
});

describe("afterLoadWhenIdle", () => {
  it("waits for the load event, then for the browser to be idle", () => {
    const idle = stubIdleCallbacks();
    setReadyState("loading");
    const task = vi.fn();
    afterLoadWhenIdle(task);
    idle.runIdle();
    expect(task).not.toHaveBeenCalled();

    setReadyState("complete");
    window.dispatchEvent(new Event("load"));
    expect(task).not.toHaveBeenCalled();
    idle.runIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it("on a page already loaded, runs at the next idle moment", () => {
    const idle = stubIdleCallbacks();
    const task = vi.fn();
    afterLoadWhenIdle(task);
    expect(task).not.toHaveBeenCalled();
    idle.runIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it("never runs once cancelled, before or after the load event", () => {
    const idle = stubIdleCallbacks();
    setReadyState("loading");
    const beforeLoad = vi.fn();
    afterLoadWhenIdle(beforeLoad)();
    const afterLoad = vi.fn();
    const cancelAfterLoad = afterLoadWhenIdle(afterLoad);
    window.dispatchEvent(new Event("load"));
    cancelAfterLoad();
    idle.runIdle();
    expect(beforeLoad).not.toHaveBeenCalled();
    expect(afterLoad).not.toHaveBeenCalled();
  });

  it("falls back to a timer where the browser has no idle callbacks", () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal("requestIdleCallback", undefined);
      const task = vi.fn();
      afterLoadWhenIdle(task);
      vi.runAllTimers();
      expect(task).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
