// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ComponentProps } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TypeTester } from "./type-tester";

type Props = ComponentProps<typeof TypeTester>;
type Theme = Props["theme"];

const FALLBACK = "点赞关注不迷路";

/** The tester wired the way the font page wires it: the page keeps text, size and theme. */
function Page({
  initial = {},
  onSubmit,
}: {
  initial?: Partial<Pick<Props, "text" | "size" | "theme">>;
  onSubmit?: () => void;
}) {
  const [text, setText] = useState(initial.text ?? "");
  const [size, setSize] = useState(initial.size ?? 64);
  const [theme, setTheme] = useState<Theme>(initial.theme ?? "light");
  return (
    <TypeTester
      action="/font/10007"
      gno="10007"
      text={text}
      fallbackText={FALLBACK}
      size={size}
      theme={theme}
      onTextChange={setText}
      onSizeChange={setSize}
      onThemeChange={setTheme}
      onSubmit={onSubmit ?? (() => {})}
    />
  );
}

const preview = () => screen.getByLabelText(/^预览：/);
const textBox = () => screen.getByRole<HTMLTextAreaElement>("textbox", { name: "预览文字" });
const sizeBox = () => screen.getByRole<HTMLInputElement>("spinbutton", { name: "字号（像素）" });
const slider = () => screen.getByRole<HTMLInputElement>("slider", { name: "字号滑块" });

describe("TypeTester with JavaScript", () => {
  it("shows the sample text until the visitor types, then the visitor's text", async () => {
    const user = userEvent.setup();
    render(<Page />);
    expect(preview().textContent).toBe(FALLBACK);

    await user.type(textBox(), "你好世界");
    expect(preview().textContent).toBe("你好世界");
    expect(preview().getAttribute("aria-label")).toBe("预览：你好世界");

    await user.clear(textBox());
    expect(preview().textContent).toBe(FALLBACK);
    await user.type(textBox(), "   ");
    expect(preview().textContent).toBe(FALLBACK);
  });

  it("keeps the text within 200 characters, as the field allows", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(textBox());
    await user.paste("永".repeat(205));
    expect(textBox().value).toHaveLength(200);
    expect(preview().textContent).toBe("永".repeat(200));
  });

  it("the slider and the number field set the preview size together", () => {
    render(<Page />);
    expect(preview().style.fontSize).toBe("64px");

    fireEvent.change(slider(), { target: { value: "120" } });
    expect(preview().style.fontSize).toBe("120px");
    expect(sizeBox().value).toBe("120");

    fireEvent.change(sizeBox(), { target: { value: "96" } });
    expect(preview().style.fontSize).toBe("96px");
    expect(slider().value).toBe("96");
  });

  it("ignores sizes outside 12–200 px typed into the number field", () => {
    render(<Page initial={{ size: 48 }} />);
    expect(sizeBox().min).toBe("12");
    expect(sizeBox().max).toBe("200");
    for (const outside of ["500", "5", "abc"]) {
      fireEvent.change(sizeBox(), { target: { value: outside } });
      expect(preview().style.fontSize).toBe("48px");
    }
    fireEvent.change(sizeBox(), { target: { value: "12" } });
    expect(preview().style.fontSize).toBe("12px");
    fireEvent.change(sizeBox(), { target: { value: "200" } });
    expect(preview().style.fontSize).toBe("200px");
  });

  it("switches the preview between the light and dark backgrounds", async () => {
    const user = userEvent.setup();
    render(<Page />);
    const light = screen.getByRole<HTMLInputElement>("radio", { name: "浅色" });
    const dark = screen.getByRole<HTMLInputElement>("radio", { name: "深色" });
    expect(light.checked).toBe(true);
    expect(preview().dataset.theme).toBe("light");

    await user.click(dark);
    expect(dark.checked).toBe(true);
    expect(light.checked).toBe(false);
    expect(preview().dataset.theme).toBe("dark");
    expect(preview().classList.contains("font-preview--dark")).toBe(true);

    await user.click(light);
    expect(preview().dataset.theme).toBe("light");
  });

  it("the 预览 button asks the page for new glyphs instead of reloading it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Page onSubmit={onSubmit} />);
    // Listening on the document sees the event after React's handler has run.
    const reloads: boolean[] = [];
    const onDocumentSubmit = (event: Event) => reloads.push(!event.defaultPrevented);
    document.addEventListener("submit", onDocumentSubmit);
    try {
      await user.click(screen.getByRole("button", { name: "预览" }));
    } finally {
      document.removeEventListener("submit", onDocumentSubmit);
    }
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(reloads).toEqual([false]);
  });

  it("shows that glyphs are loading", () => {
    render(<TypeTester action="/font/1" gno="1" text="" fallbackText={FALLBACK} size={64} theme="light" loading />);
    expect(screen.getByRole("status").textContent).toBe("正在生成字形…");
  });
});

describe("TypeTester without JavaScript", () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = "";
  });

  /** The server's markup, as a browser without JavaScript gets it. */
  function serverMarkup(initial: Partial<Pick<Props, "text" | "size" | "theme">>) {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page initial={initial} />);
    document.body.append(container);
    return container;
  }

  it("is a GET form to the same page whose fields carry text, size and theme", async () => {
    const container = serverMarkup({ text: "你好", size: 72, theme: "dark" });
    const form = container.querySelector("form")!;
    expect(form.method).toBe("get");
    expect(form.getAttribute("action")).toBe("/font/10007#editor");
    expect([...new FormData(form)]).toEqual([
      ["text", "你好"],
      ["size", "72"],
      ["theme", "dark"],
    ]);
    // Without JavaScript there is no slider (it has no field of its own).
    expect(screen.queryByRole("slider")).toBeNull();
    expect(textBox().maxLength).toBe(200);

    const user = userEvent.setup();
    await user.clear(textBox());
    await user.type(textBox(), "早安");
    await user.clear(sizeBox());
    await user.type(sizeBox(), "30");
    await user.click(screen.getByRole("radio", { name: "浅色" }));
    expect([...new FormData(form)]).toEqual([
      ["text", "早安"],
      ["size", "30"],
      ["theme", "light"],
    ]);
  });

  it("keeps what the visitor typed before the page became interactive", async () => {
    const container = serverMarkup({ text: "" });
    textBox().value = "还没加载完就输入";
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: () => {} });
    });
    expect(preview().textContent).toBe("还没加载完就输入");
    expect(slider()).toBeTruthy();
  });

  it("keeps the size and background chosen before the page became interactive", async () => {
    const container = serverMarkup({ text: "" });
    sizeBox().value = "96";
    screen.getByRole<HTMLInputElement>("radio", { name: "深色" }).checked = true;
    await act(async () => {
      root = hydrateRoot(container, <Page />, { onRecoverableError: () => {} });
    });
    expect(preview().style.fontSize).toBe("96px");
    expect(slider().value).toBe("96");
    expect(sizeBox().value).toBe("96");
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "深色" }).checked).toBe(true);
    expect(preview().className).toContain("dark");
  });
});
