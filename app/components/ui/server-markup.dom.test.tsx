// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { act, render } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setPageHydrated, useMarkPageHydrated } from "~/utils/hydration";
import { ServerMarkup } from "./server-markup";

type Section = { title: string; links: string[] };

let sectionRenders = 0;

function Links({ section }: { section: Section }) {
  sectionRenders++;
  return (
    <section aria-label={section.title}>
      <h2>{section.title}</h2>
      <ul data-client-links="">
        {section.links.map((link) => (
          <li key={link}>
            <a href={`/font/${link}`}>{link}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Page({ section, counter }: { section: Section; counter: number }) {
  useMarkPageHydrated();
  return (
    <main>
      <p>第 {counter} 次</p>
      <ServerMarkup content={section}>
        <Links section={section} />
      </ServerMarkup>
    </main>
  );
}

const SECTION: Section = { title: "编辑推荐", links: ["10001", "10002"] };

/** The page as the server renders it: no document there. */
function serverHtml(): string {
  vi.stubGlobal("document", undefined);
  try {
    return renderToString(<Page section={SECTION} counter={1} />);
  } finally {
    vi.unstubAllGlobals();
  }
}

async function hydratedPage(): Promise<{ container: HTMLElement; root: Root }> {
  setPageHydrated(false);
  const container = document.createElement("div");
  container.innerHTML = serverHtml();
  document.body.appendChild(container);
  sectionRenders = 0;
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, <Page section={SECTION} counter={1} />);
  });
  return { container, root };
}

describe("ServerMarkup", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    setPageHydrated(true);
    document.body.innerHTML = "";
  });

  it("keeps the server's HTML as the page hydrates, without rendering its content again or a warning", async () => {
    const errors = vi.spyOn(console, "error");
    const served = serverHtml();
    expect(served).toContain('<a href="/font/10002">10002</a>');
    const { container } = await hydratedPage();
    expect(sectionRenders).toBe(0);
    expect(container.innerHTML).toBe(served);
    expect(container.querySelectorAll("a[href^='/font/']")).toHaveLength(2);
    expect(errors).not.toHaveBeenCalled();
  });

  it("leaves the served HTML alone when the page renders again with the same content", async () => {
    const { container, root } = await hydratedPage();
    const link = container.querySelector("a")!;
    // A revalidation: equal data, new objects.
    await act(async () => root.render(<Page section={structuredClone(SECTION)} counter={2} />));
    expect(container.querySelector("p")!.textContent).toBe("第 2 次");
    expect(sectionRenders).toBe(0);
    expect(container.querySelector("a")).toBe(link);
  });

  it("renders its content once that differs from what the server rendered it from", async () => {
    const { container, root } = await hydratedPage();
    const changed = { title: "编辑推荐", links: ["10001", "10003", "10004"] };
    await act(async () => root.render(<Page section={changed} counter={2} />));
    expect(sectionRenders).toBe(1);
    expect([...container.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual([
      "/font/10001",
      "/font/10003",
      "/font/10004",
    ]);
  });

  it("stays rendered once its content changed, also when the content comes back to what the server rendered", async () => {
    const { container, root } = await hydratedPage();
    await act(async () => root.render(<Page section={{ title: "编辑推荐", links: ["10003"] }} counter={2} />));
    await act(async () => root.render(<Page section={SECTION} counter={3} />));
    expect(sectionRenders).toBe(2);
    expect([...container.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual([
      "/font/10001",
      "/font/10002",
    ]);
  });

  it("compares content given as a list part by part", async () => {
    setPageHydrated(false);
    const words = { text: "你好" };
    const List = ({ parts }: { parts: unknown[] }) => (
      <ServerMarkup content={parts}>
        <Links section={SECTION} />
      </ServerMarkup>
    );
    const container = document.createElement("div");
    vi.stubGlobal("document", undefined);
    container.innerHTML = renderToString(<List parts={[SECTION, words]} />);
    vi.unstubAllGlobals();
    document.body.appendChild(container);
    sectionRenders = 0;
    let root!: Root;
    await act(async () => {
      root = hydrateRoot(container, <List parts={[SECTION, words]} />);
    });
    // The same data and an equal copy of the words: still as served.
    await act(async () => root.render(<List parts={[SECTION, { text: "你好" }]} />));
    expect(sectionRenders).toBe(0);
    // Other words: rendered.
    await act(async () => root.render(<List parts={[SECTION, { text: "再见" }]} />));
    expect(sectionRenders).toBe(1);
    expect(container.querySelectorAll("a[href^='/font/']")).toHaveLength(2);
  });

  it("renders its content on a page the browser renders itself (a client navigation)", () => {
    setPageHydrated(true);
    sectionRenders = 0;
    const { container } = render(<Page section={SECTION} counter={1} />);
    expect(sectionRenders).toBe(1);
    expect(container.querySelectorAll("a[href^='/font/']")).toHaveLength(2);
  });
});
