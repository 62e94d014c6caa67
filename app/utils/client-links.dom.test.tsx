// @vitest-environment jsdom
import "../../tests/setup-dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { createBrowserRouter, Outlet, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_LINKS, CLIENT_LINKS_KEEPING_SCROLL, useClientLinks } from "./client-links";

function Shell() {
  useClientLinks();
  return (
    <>
      <ul {...CLIENT_LINKS}>
        <li>
          <a href="/font/10004">思源黑体</a>
        </li>
        <li>
          <a href="/font?tag=3#list">标签</a>
        </li>
        <li>
          <a href="/font/10004" target="_blank">
            新窗口
          </a>
        </li>
        <li>
          <a href="/files/a.ttf" download>
            下载文件
          </a>
        </li>
        <li>
          <a href="https://fonts.google.com/">外站</a>
        </li>
      </ul>
      <nav {...CLIENT_LINKS_KEEPING_SCROLL}>
        <a href="/font?style=daily">日常</a>
      </nav>
      <a href="/font/10012">列表之外</a>
      <Outlet />
    </>
  );
}

function renderSite() {
  window.history.replaceState(null, "", "/");
  const router = createBrowserRouter([
    {
      path: "/",
      element: <Shell />,
      children: [
        { index: true, element: <p>首页内容</p> },
        { path: "font", element: <p>字体列表内容</p> },
        { path: "font/:id", element: <p>字体详情内容</p> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * Clicks `link` as a visitor would; true when nothing in the page took the click over, so the
 * browser would follow it (the window, last to see the click, records that and stops it there).
 */
function click(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let followed = false;
  const record = (event: MouseEvent) => {
    followed = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", record);
  act(() => {
    fireEvent.click(link, { button: 0, ...init });
  });
  window.removeEventListener("click", record);
  return followed;
}

describe("plain links in a CLIENT_LINKS list", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("navigate within the app, keeping the query and the fragment", async () => {
    const router = renderSite();
    expect(click(screen.getByRole("link", { name: "思源黑体" }))).toBe(false);
    await screen.findByText("字体详情内容");
    expect(window.location.pathname).toBe("/font/10004");

    expect(click(screen.getByRole("link", { name: "标签" }))).toBe(false);
    await screen.findByText("字体列表内容");
    expect(router.state.location).toMatchObject({ pathname: "/font", search: "?tag=3", hash: "#list" });
  });

  it("reset the scroll like a <Link>, except in a list keeping it (filters), like a <Link preventScrollReset>", async () => {
    const router = renderSite();
    click(screen.getByRole("link", { name: "思源黑体" }));
    await screen.findByText("字体详情内容");
    expect(router.state.preventScrollReset).toBe(false);
    click(screen.getByRole("link", { name: "日常" }));
    await screen.findByText("字体列表内容");
    expect(router.state.location.search).toBe("?style=daily");
    expect(router.state.preventScrollReset).toBe(true);
  });

  it("add no second history entry for the page already shown, as a <Link> does", async () => {
    const router = renderSite();
    click(screen.getByRole("link", { name: "思源黑体" }));
    await screen.findByText("字体详情内容");
    const length = window.history.length;
    click(screen.getByRole("link", { name: "思源黑体" }));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(window.history.length).toBe(length);
  });

  it("are left to the browser for a new tab, another window, a download, another site or a link outside the list", () => {
    const router = renderSite();
    expect(click(screen.getByRole("link", { name: "思源黑体" }), { ctrlKey: true })).toBe(true);
    expect(click(screen.getByRole("link", { name: "思源黑体" }), { metaKey: true })).toBe(true);
    expect(click(screen.getByRole("link", { name: "思源黑体" }), { shiftKey: true })).toBe(true);
    expect(click(screen.getByRole("link", { name: "思源黑体" }), { button: 1 })).toBe(true);
    expect(click(screen.getByRole("link", { name: "新窗口" }))).toBe(true);
    expect(click(screen.getByRole("link", { name: "下载文件" }))).toBe(true);
    expect(click(screen.getByRole("link", { name: "外站" }))).toBe(true);
    expect(click(screen.getByRole("link", { name: "列表之外" }))).toBe(true);
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByText("首页内容")).toBeTruthy();
  });
});
