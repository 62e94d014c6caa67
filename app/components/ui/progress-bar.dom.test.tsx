// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PROGRESS_BAR_DELAY_MS, ProgressBar } from "./progress-bar";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function renderSite(loaderMs: number) {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          <ProgressBar />
          <Link to="/next">下一页</Link>
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <p>首页</p> },
        { path: "next", loader: () => sleep(loaderMs).then(() => null), element: <p>下一页内容</p> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  const bar = screen.getByRole("progressbar", { hidden: true });
  const phases: string[] = [];
  new MutationObserver(() => phases.push(bar.dataset.phase!)).observe(bar, { attributes: true });
  return { bar, phases };
}

describe("ProgressBar", () => {
  it("waits 200 ms before showing", () => {
    expect(PROGRESS_BAR_DELAY_MS).toBe(200);
  });

  it("does not appear for a navigation quicker than 200 ms", async () => {
    const { bar, phases } = renderSite(20);
    await userEvent.click(screen.getByRole("link", { name: "下一页" }));
    await screen.findByText("下一页内容");
    await act(() => sleep(PROGRESS_BAR_DELAY_MS + 100));
    expect(phases).not.toContain("loading");
    expect(bar.dataset.phase).toBe("idle");
  });

  it("appears once a navigation has taken 200 ms, then finishes and hides", async () => {
    const { bar } = renderSite(700);
    await userEvent.click(screen.getByRole("link", { name: "下一页" }));
    await act(() => sleep(100));
    expect(bar.dataset.phase).toBe("idle");
    await act(() => sleep(250));
    expect(bar.dataset.phase).toBe("loading");
    expect(bar.getAttribute("aria-hidden")).toBe("false");
    await screen.findByText("下一页内容", undefined, { timeout: 2000 });
    expect(bar.dataset.phase).toBe("done");
    await act(() => sleep(400));
    expect(bar.dataset.phase).toBe("idle");
  });
});
