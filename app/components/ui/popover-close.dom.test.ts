// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { POPOVER_CLOSE_DELAY_MS, closePopoversOnLeave } from "./popover-close";

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

function menu() {
  document.body.innerHTML = `<header><details open><summary>菜单</summary><a href="/user">个人中心</a></details></header>`;
  return { header: document.querySelector("header")!, details: document.querySelector("details")! };
}

describe("popover close delay", () => {
  it("is 200 ms", () => {
    expect(POPOVER_CLOSE_DELAY_MS).toBe(200);
  });

  it("closes an open menu 200 ms after the pointer left it", () => {
    vi.useFakeTimers();
    const { header, details } = menu();
    const stop = closePopoversOnLeave(header);
    details.dispatchEvent(new MouseEvent("mouseleave"));
    vi.advanceTimersByTime(POPOVER_CLOSE_DELAY_MS - 1);
    expect(details.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(details.open).toBe(false);
    stop();
  });

  it("keeps the menu open when the pointer comes back in time", () => {
    vi.useFakeTimers();
    const { header, details } = menu();
    const stop = closePopoversOnLeave(header);
    details.dispatchEvent(new MouseEvent("mouseleave"));
    vi.advanceTimersByTime(150);
    details.dispatchEvent(new MouseEvent("mouseenter"));
    vi.advanceTimersByTime(500);
    expect(details.open).toBe(true);
    stop();
  });
});
