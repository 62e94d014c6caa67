/** Runs `task` when the browser is idle (soon after, where it cannot tell); answers a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1);
  return () => window.clearTimeout(handle);
}

/**
 * Runs `task` once the document and everything it loads have arrived (the load event) and the
 * browser is then idle: work that is not the page's own waits for the page; answers a cancel.
 */
export function afterLoadWhenIdle(task: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const onLoad = () => {
    cancelIdle = whenIdle(task);
  };
  if (document.readyState === "complete") onLoad();
  else window.addEventListener("load", onLoad, { once: true });
  return () => {
    window.removeEventListener("load", onLoad);
    cancelIdle?.();
  };
}
