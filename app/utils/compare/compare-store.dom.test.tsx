// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMPARE_STORAGE_KEY, serializeCompareStorageValue } from "./compare-list";
import { resetCompareStore, useCompareList } from "./compare-store";

function CompareControl({ gno }: { gno: string }) {
  const list = useCompareList();
  return <span data-testid={gno}>{list.includes(gno) ? "已加入" : "未加入"}</span>;
}

function Page() {
  return (
    <>
      {["10001", "10002", "10003", "10004", "10005"].map((gno) => (
        <CompareControl key={gno} gno={gno} />
      ))}
      <Link to="/next">下一页</Link>
      <Outlet />
    </>
  );
}

afterEach(() => {
  resetCompareStore();
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("useCompareList", () => {
  it("reads local storage once per page however many controls it shows, and again on the next page", async () => {
    localStorage.setItem(COMPARE_STORAGE_KEY, serializeCompareStorageValue(["10002"]));
    const reads = vi.spyOn(Storage.prototype, "getItem");
    const router = createMemoryRouter(
      [
        {
          id: "root",
          path: "/",
          loader: () => ({ compareFontGNos: [] }),
          element: <Page />,
          children: [{ path: "next" }],
        },
      ],
      { hydrationData: { loaderData: { root: { compareFontGNos: [] } } } },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId("10002").textContent).toBe("已加入");
    expect(screen.getByTestId("10001").textContent).toBe("未加入");
    const compareReads = () => reads.mock.calls.filter(([key]) => key === COMPARE_STORAGE_KEY).length;
    // The first snapshot and the page's one reload.
    expect(compareReads()).toBe(2);

    // Another tab changed the list: the next page shows it.
    localStorage.setItem(COMPARE_STORAGE_KEY, serializeCompareStorageValue(["10001", "10002"]));
    await act(() => router.navigate("/next"));
    expect(compareReads()).toBe(3);
    expect(screen.getByTestId("10001").textContent).toBe("已加入");
  });
});
