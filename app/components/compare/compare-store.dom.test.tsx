// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { act, screen, waitFor } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COMPARE_STORAGE_KEY, serializeCompareStorageValue } from "~/services/compare/compare-list";
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
  it("hydrates with the server's list, then shows local storage's, read once per page however many controls it shows", async () => {
    localStorage.setItem(COMPARE_STORAGE_KEY, serializeCompareStorageValue(["10002"]));
    const reads = vi.spyOn(Storage.prototype, "getItem");
    const compareReads = () => reads.mock.calls.filter(([key]) => key === COMPARE_STORAGE_KEY).length;
    const routes = [
      {
        id: "root",
        path: "/",
        loader: () => ({ compareFontGNos: ["10003"] }),
        element: <Page />,
        children: [{ path: "next" }],
      },
    ];
    const hydrationData = { loaderData: { root: { compareFontGNos: ["10003"] } } };
    const container = document.createElement("div");
    container.innerHTML = renderToString(<RouterProvider router={createMemoryRouter(routes, { hydrationData })} />);
    document.body.append(container);
    resetCompareStore();
    reads.mockClear();

    const router = createMemoryRouter(routes, { hydrationData });
    await act(async () => void hydrateRoot(container, <RouterProvider router={router} />));
    expect(screen.getByTestId("10003").textContent).toBe("已加入");
    expect(compareReads()).toBe(0);

    await waitFor(() => expect(screen.getByTestId("10002").textContent).toBe("已加入"));
    expect(screen.getByTestId("10003").textContent).toBe("未加入");
    expect(compareReads()).toBe(1);

    // Another tab changed the list: the next page shows it.
    localStorage.setItem(COMPARE_STORAGE_KEY, serializeCompareStorageValue(["10001", "10002"]));
    await act(() => router.navigate("/next"));
    await waitFor(() => expect(screen.getByTestId("10001").textContent).toBe("已加入"));
    expect(compareReads()).toBe(2);
    container.remove();
  });
});
