// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ComponentProps } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { DownloadDialog } from "./download-dialog";

type Props = ComponentProps<typeof DownloadDialog>;

const PAGE = "/font/10007";
const CLOSE_HREF = "/font/10007?text=%E4%BD%A0%E5%A5%BD&size=64";

const props: Props = {
  familyName: "思源黑体",
  closeHref: CLOSE_HREF,
  license: {
    code: "OFL-1.1",
    name: "SIL Open Font License 1.1",
    url: null,
    commercialUse: true,
    commercialLabel: "免费商用",
    commercialSource: "license",
  },
  weights: [
    { fontGNo: "10007", weight: 400, styleName: "Regular", fontName: "思源黑体 常规" },
    { fontGNo: "10008", weight: 700, styleName: "Bold", fontName: "思源黑体 粗体" },
  ],
  files: [
    {
      fontGNo: "10007",
      fileName: "SourceHanSans-Regular.ttf",
      format: "ttf",
      size: 512,
      url: "/files/a.ttf",
      woff2Size: 300,
    },
    {
      fontGNo: "10008",
      fileName: "SourceHanSans-Bold.otf",
      format: "otf",
      size: 1.5 * 1024 * 1024,
      url: "/files/b.otf",
    },
  ],
};

/** The dialog on the font page; `inPlace` mirrors the page with JavaScript (it passes onClose). */
function renderDialog(overrides: Partial<Props> = {}, { inPlace = false } = {}) {
  function Page() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <p>字体详情</p>
        <DownloadDialog
          {...props}
          {...overrides}
          visible={overrides.visible ?? (inPlace ? open : undefined)}
          onClose={inPlace ? () => setOpen(false) : undefined}
        />
      </>
    );
  }
  const router = createMemoryRouter([{ path: "/font/:gno", element: <Page /> }], {
    initialEntries: [`${PAGE}?download=1`],
  });
  const view = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
  return { router, ...view };
}

const location = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe("DownloadDialog", () => {
  it("is open by default, titled with the family, focus on its close control", () => {
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: "下载 思源黑体" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(within(dialog).getByRole("link", { name: "关闭下载窗口" }));
  });

  it("renders nothing when not visible", () => {
    renderDialog({ visible: false });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByText("字体详情")).toBeTruthy();
  });

  it("lists every file with its name, weight, format and size, each a download link", () => {
    renderDialog();
    const items = within(screen.getByRole("list", { name: "字体文件" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);

    expect(items[0].textContent).toContain("SourceHanSans-Regular.ttf");
    expect(items[0].textContent).toContain("常规 400 · Regular · TTF · 512 B");
    const regular = within(items[0]).getByRole("link", { name: /^下载 SourceHanSans-Regular\.ttf/ });
    expect(regular.getAttribute("href")).toBe("/font/10007/download");
    expect(regular.getAttribute("download")).toBe("SourceHanSans-Regular.ttf");

    expect(items[1].textContent).toContain("SourceHanSans-Bold.otf");
    expect(items[1].textContent).toContain("粗体 700 · Bold · OTF · 1.5 MB");
    const bold = within(items[1]).getByRole("link", { name: /^下载 SourceHanSans-Bold\.otf/ });
    expect(bold.getAttribute("href")).toBe("/font/10008/download");
  });

  it("offers each weight as WOFF2 with its size, or says it is made on first download", () => {
    renderDialog();
    const items = within(screen.getByRole("list", { name: "字体文件" })).getAllByRole("listitem");
    const regular = within(items[0]).getByRole("link", { name: /^下载 SourceHanSans-Regular\.woff2（网页用）WOFF2/ });
    expect(regular.getAttribute("href")).toBe("/font/10007/download?format=woff2");
    expect(regular.textContent).toBe("下载 SourceHanSans-Regular.woff2（网页用）WOFF2300 B");
    const bold = within(items[1]).getByRole("link", { name: /^下载 SourceHanSans-Bold\.woff2（网页用）WOFF2/ });
    expect(bold.textContent).toContain("首次下载需生成");
  });

  it("offers the family as one zip with its licenses, and the CSS to copy: the CSS API link and self-hosting rules", () => {
    renderDialog({
      familyZipHref: "/font/10007/family-zip",
      webFontCssUrl: "https://fonts.example.com/css2?family=%E6%80%9D:wght@400;700&display=swap",
    });
    const zip = screen.getByRole("link", { name: "打包下载全部 2 个字重（含授权文件）" });
    expect(zip.getAttribute("href")).toBe("/font/10007/family-zip");
    expect(screen.getByLabelText("HTML 引用代码").textContent).toBe(
      '<link rel="stylesheet" href="https://fonts.example.com/css2?family=%E6%80%9D:wght@400;700&display=swap">',
    );
    const selfHosted = screen.getByLabelText("自托管 @font-face").textContent!;
    expect(selfHosted).toContain('font-family: "思源黑体";');
    expect(selfHosted).toContain(
      'src: url("./SourceHanSans-Regular.woff2") format("woff2"), url("./SourceHanSans-Regular.ttf") format("truetype");',
    );
    expect(selfHosted).toContain("font-weight: 700;");
    expect(selfHosted).toContain('url("./SourceHanSans-Bold.otf") format("opentype")');
  });

  it("says so when there is nothing to download, and still shows the license", () => {
    renderDialog({ files: [] });
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).queryByRole("list")).toBeNull();
    expect(dialog.textContent).toContain("暂时没有可下载的文件");
    expect(dialog.textContent).toContain("本字体使用「SIL Open Font License 1.1」授权，可免费商用。");
  });

  it("without JavaScript handlers, the close control and the backdrop link back to the page without the dialog", async () => {
    const user = userEvent.setup();
    const first = renderDialog();
    const close = screen.getByRole("link", { name: "关闭下载窗口" });
    expect(close.getAttribute("href")).toBe(CLOSE_HREF);
    await user.click(close);
    expect(location(first.router)).toBe(CLOSE_HREF);
    first.unmount();

    const second = renderDialog();
    const backdrop = second.container.querySelector<HTMLAnchorElement>(".dialog-backdrop");
    expect(backdrop?.getAttribute("href")).toBe(CLOSE_HREF);
    await user.click(backdrop!);
    expect(location(second.router)).toBe(CLOSE_HREF);
  });

  it("with JavaScript, the close control closes it in place without navigating", async () => {
    const user = userEvent.setup();
    const { router } = renderDialog({}, { inPlace: true });
    await user.click(screen.getByRole("link", { name: "关闭下载窗口" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(location(router)).toBe(`${PAGE}?download=1`);
  });

  it("with JavaScript, a click on the backdrop closes it in place", async () => {
    const user = userEvent.setup();
    const { router, container } = renderDialog({}, { inPlace: true });
    const backdrop = container.querySelector<HTMLAnchorElement>(".dialog-backdrop");
    expect(backdrop).not.toBeNull();
    await user.click(backdrop!);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(location(router)).toBe(`${PAGE}?download=1`);
  });

  it("with JavaScript, Escape closes it", async () => {
    const user = userEvent.setup();
    renderDialog({}, { inPlace: true });
    expect(screen.getByRole("dialog")).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
