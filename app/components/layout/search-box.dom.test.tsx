// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SearchBox, type Suggestion } from "./search-box";

const HOT: Suggestion[] = [{ keyword: "手写", type: "keyword" }];
const FOR_KEYWORD: Suggestion[] = [
  { keyword: "思源黑体", type: "font", fontGNo: "10007" },
  { keyword: "思源宋体", type: "font", fontGNo: "10020" },
  { keyword: "思源", type: "keyword" },
];

/** Every suggestion request the browser made, as URLs. */
let requests: URL[] = [];
const realFetch = globalThis.fetch;

// The suggestions load on the first focus; here they are already compiled, so they come within a tick.
beforeAll(() => import("./search-suggestions"));

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library only recognises Jest's fake timers: without this it waits on a faked
  // setTimeout(0) after every interaction and never returns.
  vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  requests = [];
  // The browser's side of /resources/search-suggest: answers with the payload the route returns.
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(url);
    const keyword = url.searchParams.get("keyword") ?? "";
    return new Response(JSON.stringify({ keyword, suggestions: keyword ? FOR_KEYWORD : HOT }), {
      headers: { "Content-Type": "application/json" },
    });
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderSearchBox() {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <>
            <SearchBox />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>首页</p> },
          { path: "font", element: <p>字体列表</p> },
          { path: "font/:gno", element: <p>字体详情</p> },
        ],
      },
      // The resource route's loader runs in the server; here its URL goes to the network.
      { path: "/resources/search-suggest", loader: ({ request }) => fetch(request.url) },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { router, user };
}

/** Lets `ms` pass, then lets the answered request render. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

const combobox = () => screen.getByRole<HTMLInputElement>("combobox", { name: "搜索字体" });
const keywordRequests = () =>
  requests.filter((url) => url.searchParams.has("keyword")).map((url) => url.searchParams.get("keyword"));
const shownOptions = () => screen.queryAllByRole("option").map((option) => option.textContent);
const here = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe("SearchBox suggestions", () => {
  it("asks for suggestions only after 300 ms without typing, once for the whole word", async () => {
    const { user } = renderSearchBox();
    await user.type(combobox(), "思源");
    await wait(299);
    expect(keywordRequests()).toEqual([]);
    await wait(1);
    expect(keywordRequests()).toEqual(["思源"]);
    expect(requests.at(-1)?.pathname).toBe("/resources/search-suggest");

    expect(screen.getByRole("listbox", { name: "搜索建议" })).toBeTruthy();
    expect(shownOptions()).toEqual(["字体思源黑体", "字体思源宋体", "关键词思源"]);
    expect(combobox().getAttribute("aria-expanded")).toBe("true");
  });

  it("an empty box asks once for the popular searches, without a keyword; spaces ask nothing more", async () => {
    const { user } = renderSearchBox();
    await user.click(combobox());
    await wait(0);
    expect(requests).toHaveLength(1);
    expect(requests[0].search).toBe("");
    expect(screen.getByRole("listbox", { name: "热门搜索" })).toBeTruthy();
    expect(shownOptions()).toEqual(["关键词手写"]);

    await user.type(combobox(), "   ");
    await wait(1000);
    expect(requests).toHaveLength(1);
  });

  it("arrow keys move through the options and Enter opens the chosen one", async () => {
    const { router, user } = renderSearchBox();
    await user.type(combobox(), "思源");
    await wait(300);
    const [first, second] = screen.getAllByRole("option");

    await user.keyboard("{ArrowDown}");
    expect(combobox().getAttribute("aria-activedescendant")).toBe(first.id);
    expect(first.getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{ArrowDown}");
    expect(combobox().getAttribute("aria-activedescendant")).toBe(second.id);
    expect(first.getAttribute("aria-selected")).toBe("false");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    // Up from the first option wraps to the last.
    expect(combobox().getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[2].id);
    await user.keyboard("{ArrowDown}{ArrowDown}");

    await user.keyboard("{Enter}");
    await wait(0);
    expect(here(router)).toBe("/font/10020");
    expect(screen.getByText("字体详情")).toBeTruthy();
    expect(combobox().value).toBe("思源宋体");
    expect(screen.queryByRole("option")).toBeNull();
  });

  it("a keyword suggestion opens the font list searched by it", async () => {
    const { router, user } = renderSearchBox();
    await user.type(combobox(), "思源");
    await wait(300);
    await user.click(within(screen.getByRole("listbox")).getByText("思源", { selector: ".search-box__text" }));
    await wait(0);
    expect(here(router)).toBe(`/font?keyword=${encodeURIComponent("思源")}`);
  });

  it("Escape closes the suggestions and keeps the text", async () => {
    const { user } = renderSearchBox();
    await user.type(combobox(), "思源");
    await wait(300);
    expect(shownOptions()).toHaveLength(3);

    await user.keyboard("{ArrowDown}{Escape}");
    expect(shownOptions()).toEqual([]);
    expect(screen.getByRole("listbox", { hidden: true }).hidden).toBe(true);
    expect(combobox().getAttribute("aria-expanded")).toBe("false");
    expect(combobox().getAttribute("aria-activedescendant")).toBeNull();
    expect(combobox().value).toBe("思源");

    // ArrowDown opens them again.
    await user.keyboard("{ArrowDown}");
    expect(shownOptions()).toHaveLength(3);
  });

  it("leaving the box closes the suggestions after 200 ms", async () => {
    const { user } = renderSearchBox();
    await user.type(combobox(), "思源");
    await wait(300);
    await user.tab();
    await wait(199);
    expect(shownOptions()).toHaveLength(3);
    await wait(1);
    expect(shownOptions()).toEqual([]);
  });

  it("Enter without a chosen option submits the search form with the keyword", async () => {
    const { user } = renderSearchBox();
    const submitted: Array<[string, string][]> = [];
    // jsdom cannot navigate: take the GET submission here.
    const onSubmit = (event: Event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      submitted.push([
        [form.method, form.getAttribute("action") ?? ""],
        ...([...new FormData(form)] as [string, string][]),
      ]);
    };
    document.addEventListener("submit", onSubmit);
    try {
      await user.type(combobox(), "楷体{Enter}");
    } finally {
      document.removeEventListener("submit", onSubmit);
    }
    expect(submitted).toEqual([
      [
        ["get", "/font"],
        ["keyword", "楷体"],
      ],
    ]);
  });
});
