// @vitest-environment jsdom
import "../../tests/setup-dom";
import { act, fireEvent } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyImage } from "~/components/ui/lazy-image";
import { pageHydrated, setPageHydrated, useMarkPageHydrated } from "./hydration";

function Shell() {
  useMarkPageHydrated();
  const [more, setMore] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setMore(true)}>
        再加一张
      </button>
      <LazyImage src="/images/server.png" alt="服务器渲染" width={10} height={10} />
      {more ? <LazyImage src="/images/later.png" alt="之后加入" width={10} height={10} /> : null}
    </div>
  );
}

describe("the page's hydration, as components mounting read it", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setPageHydrated(true);
  });

  it("is under way for the server's elements and over for those added after", async () => {
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        observe() {}
        disconnect() {}
      },
    );
    setPageHydrated(false);
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Shell />);
    document.body.appendChild(container);
    await act(async () => void hydrateRoot(container, <Shell />));
    expect(pageHydrated()).toBe(true);
    // The server's image keeps the address it loads natively …
    expect(container.querySelector('img[alt="服务器渲染"]')!.getAttribute("src")).toBe("/images/server.png");
    // … one added later waits until it comes near the viewport.
    fireEvent.click(container.querySelector("button")!);
    const later = container.querySelector('img[alt="之后加入"]')!;
    expect(later.hasAttribute("src")).toBe(false);
    container.remove();
  });
});
