// @vitest-environment jsdom
import "../../../tests/setup-dom";
import type { SearchResult } from "@contract/content";
import { render, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { SearchResultList, SearchTabs, searchHref } from "./search-results";

function renderAt(ui: ReactElement, url = "/search?keyword=%E6%A5%B7%E4%B9%A6") {
  const router = createMemoryRouter([{ id: "root", path: "/search", element: ui }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

const result = (overrides: Partial<SearchResult>): SearchResult => ({
  kind: "baike",
  id: "4",
  title: "楷书",
  snippet: "…楷书又称正书、真书，由隶书演变而来。",
  date: "2025-03-03T02:00:00.000Z",
  cover: null,
  path: "/baike/4",
  ...overrides,
});

describe("SearchResultList", () => {
  it("marks the keyword in titles and snippets and says each result's kind and date", () => {
    renderAt(
      <SearchResultList
        keyword="楷书"
        results={[
          result({}),
          result({
            kind: "news",
            id: "7",
            title: "宋体、黑体、楷体、圆体",
            snippet: "四种基础字形怎么选",
            path: "/news/7",
          }),
        ]}
      />,
    );
    const items = within(screen.getByRole("list", { name: "搜索结果" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect([...items[0]!.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["楷书", "楷书"]);
    expect(within(items[0]!).getByRole("link", { name: "楷书" }).getAttribute("href")).toBe("/baike/4");
    expect(items[0]!.textContent).toContain("书法百科");
    expect(items[0]!.querySelector("time")?.textContent).toBe("2025-03-03");
    expect(items[1]!.getAttribute("data-kind")).toBe("news");
    expect(items[1]!.querySelector("mark")).toBeNull();
  });

  it("links only to pages on this site", () => {
    renderAt(
      <SearchResultList
        keyword="楷书"
        results={[
          result({ id: "1", title: "外站", path: "//evil.example/baike" }),
          result({ id: "2", title: "脚本", path: "javascript:alert(1)" }),
          result({ id: "3", title: "反斜杠", path: "/\\evil.example" }),
        ]}
      />,
    );
    expect(screen.queryAllByRole("link")).toEqual([]);
    expect(screen.getByText("外站")).toBeTruthy();
  });
});

describe("SearchTabs", () => {
  it("shows every kind with its count and marks the current one", () => {
    renderAt(
      <SearchTabs
        keyword="楷书"
        type="baike"
        total={30}
        counts={{ fonts: 2, albums: 1, baike: 17, cases: 4, news: 3, videos: 3 }}
      />,
    );
    const tabs = within(screen.getByRole("navigation", { name: "按类型查看结果" })).getAllByRole("link");
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "全部30",
      "字体2",
      "专辑1",
      "书法百科17",
      "案例4",
      "资讯3",
      "视频3",
    ]);
    const current = tabs.find((tab) => tab.getAttribute("aria-current") === "page");
    expect(current?.getAttribute("href")).toBe(searchHref("楷书", "baike"));
    expect(tabs[0]!.getAttribute("href")).toBe("/search?keyword=%E6%A5%B7%E4%B9%A6");
  });
});
