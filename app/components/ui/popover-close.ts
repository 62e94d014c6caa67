/** How long an open menu stays open after the pointer has left it. */
export const POPOVER_CLOSE_DELAY_MS = 200;

/**
 * Closes each open `<details>` menu inside `container` once the mouse has been outside it for
 * `POPOVER_CLOSE_DELAY_MS`; coming back in time keeps it open. Returns the clean-up.
 */
export function closePopoversOnLeave(container: HTMLElement, delayMs = POPOVER_CLOSE_DELAY_MS): () => void {
  const timers = new Map<HTMLDetailsElement, ReturnType<typeof setTimeout>>();
  const cleanups: Array<() => void> = [];
  container.querySelectorAll("details").forEach((menu) => {
    const leave = () => {
      if (!menu.open) return;
      clearTimeout(timers.get(menu));
      timers.set(
        menu,
        setTimeout(() => menu.removeAttribute("open"), delayMs),
      );
    };
    const enter = () => clearTimeout(timers.get(menu));
    menu.addEventListener("mouseleave", leave);
    menu.addEventListener("mouseenter", enter);
    cleanups.push(() => {
      menu.removeEventListener("mouseleave", leave);
      menu.removeEventListener("mouseenter", enter);
    });
  });
  return () => {
    cleanups.forEach((cleanup) => cleanup());
    timers.forEach((timer) => clearTimeout(timer));
  };
}
