// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setPageHydrated } from "~/utils/hydration";
import { LAZY_IMAGE_THROTTLE_MS, LazyImage, loadedImages } from "./lazy-image";

// Rendered on their own, components mount as they would after the page hydrated.
beforeEach(() => setPageHydrated(true));

afterEach(() => {
  vi.useRealTimers();
});

describe("LazyImage", () => {
  it("always renders a lazy image with its width and height", () => {
    render(<LazyImage src="/images/size.png" alt="封面" width={320} height={180} />);
    const image = screen.getByRole("img", { name: "封面" });
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("width")).toBe("320");
    expect(image.getAttribute("height")).toBe("180");
  });

  it("a priority image loads at once, eagerly and at high priority; the others stay lazy", () => {
    render(
      <>
        <LazyImage src="/images/cover.png" alt="封面" width={320} height={180} priority />
        <LazyImage src="/images/below.png" alt="下方" width={320} height={180} />
      </>,
    );
    const cover = screen.getByRole("img", { name: "封面" });
    expect(cover.getAttribute("loading")).toBe("eager");
    expect(cover.getAttribute("fetchpriority")).toBe("high");
    expect(cover.getAttribute("src")).toBe("/images/cover.png");
    const below = screen.getByRole("img", { name: "下方" });
    expect(below.getAttribute("loading")).toBe("lazy");
    expect(below.getAttribute("fetchpriority")).toBeNull();
  });

  it("an image with a dark variant offers it for a dark colour scheme, at the same size, retried alike", () => {
    vi.useFakeTimers();
    const { container } = render(
      <LazyImage src="/images/card-light.svg" darkSrc="/images/card-dark.svg" alt="卡片" width={160} height={90} />,
    );
    const source = container.querySelector("picture > source")!;
    expect(source.getAttribute("media")).toBe("(prefers-color-scheme: dark)");
    expect(source.getAttribute("srcset")).toBe("/images/card-dark.svg");
    expect([source.getAttribute("width"), source.getAttribute("height")]).toEqual(["160", "90"]);
    expect(screen.getByRole("img", { name: "卡片" }).getAttribute("src")).toBe("/images/card-light.svg");

    fireEvent.error(screen.getByRole("img", { name: "卡片" }));
    act(() => void vi.advanceTimersByTime(LAZY_IMAGE_THROTTLE_MS));
    expect(container.querySelector("picture > source")!.getAttribute("srcset")).toBe("/images/card-dark.svg?retry=1");
  });

  it("retries a failing image, then shows 图片加载失败 after the third failure", () => {
    vi.useFakeTimers();
    render(<LazyImage src="/images/broken.png" alt="海报" width={320} height={180} />);
    const image = screen.getByRole("img", { name: "海报" });
    expect(image.getAttribute("src")).toBe("/images/broken.png");

    fireEvent.error(image);
    act(() => void vi.advanceTimersByTime(LAZY_IMAGE_THROTTLE_MS));
    expect(screen.getByRole("img", { name: "海报" }).getAttribute("src")).toBe("/images/broken.png?retry=1");

    fireEvent.error(screen.getByRole("img", { name: "海报" }));
    act(() => void vi.advanceTimersByTime(LAZY_IMAGE_THROTTLE_MS));
    expect(screen.getByRole("img", { name: "海报" }).getAttribute("src")).toBe("/images/broken.png?retry=2");
    expect(screen.queryByText("图片加载失败")).toBeNull();

    fireEvent.error(screen.getByRole("img", { name: "海报" }));
    const failed = screen.getByRole("img", { name: "海报：图片加载失败" });
    expect(failed.tagName).toBe("SPAN");
    expect(failed.textContent).toBe("图片加载失败");
    expect(failed.style.aspectRatio).toBe("320 / 180");
  });

  it("shows an image loaded before at once, while a new one waits until it is near the viewport", () => {
    const observed: Element[] = [];
    class FakeObserver {
      observe(node: Element) {
        observed.push(node);
      }
      disconnect() {}
    }
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    try {
      // An image added in the browser, once loaded, is remembered.
      const first = render(<LazyImage src="/images/seen.png" alt="看过" width={10} height={10} />);
      expect(screen.getByRole("img", { name: "看过" }).getAttribute("src")).toBeNull();
      fireEvent.load(screen.getByRole("img", { name: "看过" }));
      expect(loadedImages.has("/images/seen.png")).toBe(true);
      first.unmount();

      // Mounted again (a client-side navigation): the cached one has its address straight away.
      render(
        <>
          <LazyImage src="/images/seen.png" alt="看过" width={10} height={10} />
          <LazyImage src="/images/new.png" alt="新的" width={10} height={10} />
        </>,
      );
      const seen = screen.getByRole("img", { name: "看过" });
      expect(seen.getAttribute("src")).toBe("/images/seen.png");
      expect(seen.dataset.state).toBe("loaded");
      const fresh = screen.getByRole("img", { name: "新的" });
      expect(fresh.getAttribute("src")).toBeNull();
      expect(fresh.dataset.state).toBe("loading");
      expect(observed).toContain(fresh);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("keeps the server-rendered address when hydrating, so the page loads it natively", async () => {
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        observe() {}
        disconnect() {}
      },
    );
    try {
      setPageHydrated(false);
      const element = <LazyImage src="/images/server.png" alt="服务器" width={10} height={10} />;
      const container = document.createElement("div");
      container.innerHTML = renderToString(element);
      expect(container.querySelector("img")!.getAttribute("src")).toBe("/images/server.png");
      expect(container.querySelector("img")!.getAttribute("loading")).toBe("lazy");
      document.body.appendChild(container);
      await act(async () => void hydrateRoot(container, element));
      expect(container.querySelector("img")!.getAttribute("src")).toBe("/images/server.png");
      container.remove();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
