// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readAnalyticsConfig } from "~/analytics";
import { Analytics } from "./analytics";

afterEach(() => {
  vi.useRealTimers();
  document.querySelectorAll("script[data-analytics]").forEach((node) => node.remove());
});

describe("Analytics", () => {
  it("adds nothing when analytics is off", () => {
    vi.useFakeTimers();
    render(<Analytics config={null} />);
    vi.runAllTimers();
    expect(document.querySelectorAll("script")).toHaveLength(0);
  });

  it("adds the tracker only once the browser is idle after rendering, and only once", () => {
    vi.useFakeTimers();
    const config = readAnalyticsConfig({ ANALYTICS_PROVIDER: "umami", ANALYTICS_ID: "site-1" });
    const first = render(<Analytics config={config} />);
    expect(document.querySelector("script[data-analytics]")).toBeNull();
    vi.runAllTimers();
    const script = document.querySelector<HTMLScriptElement>("script[data-analytics]")!;
    expect(script.getAttribute("src")).toBe("https://cloud.umami.is/script.js");
    expect(script.dataset.websiteId).toBe("site-1");
    expect(script.async).toBe(true);
    first.unmount();
    render(<Analytics config={config} />);
    vi.runAllTimers();
    expect(document.querySelectorAll("script[data-analytics]")).toHaveLength(1);
  });
});
