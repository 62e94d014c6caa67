import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Pagination } from "./pagination";

function render(ui: ReactElement, url = "/font?text=%E4%BD%A0&page=3") {
  return renderToStaticMarkup(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>);
}

// react-router's Link uses useLayoutEffect, which only warns in server rendering.
const originalError = console.error;
beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes("useLayoutEffect does nothing on the server")) return;
    originalError(...args);
  });
});
afterAll(() => vi.restoreAllMocks());

describe("Pagination markup", () => {
  it("renders links that keep the other query parameters, marking the current page", () => {
    const html = render(<Pagination page={3} pages={10} />);
    expect(html).toContain('aria-label="分页"');
    expect(html).toContain('href="/font?text=%E4%BD%A0&amp;page=2"');
    expect(html).toContain('href="/font?text=%E4%BD%A0&amp;page=4"');
    expect(html).toContain('href="/font?text=%E4%BD%A0"'); // page 1 drops the parameter
    expect(html).toMatch(/aria-current="page"[^>]*>3</);
    expect(html).toContain('rel="prev"');
    expect(html).toContain('rel="next"');
  });

  it("disables prev on the first page and renders nothing for one page", () => {
    expect(render(<Pagination page={1} pages={3} />)).toMatch(
      /<span class="pagination__item pagination__prev" aria-disabled="true">/,
    );
    expect(render(<Pagination page={1} pages={1} />)).toBe("");
  });

  it("uses a custom href builder", () => {
    const html = render(<Pagination page={2} pages={3} hrefFor={(p) => `/news?p=${p}`} />);
    expect(html).toContain('href="/news?p=3"');
  });
});
