// @vitest-environment jsdom
import "../../../tests/setup-dom";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PreviewFace } from "~/services/catalogue/fonts";
import { FontPreview } from "./font-preview";
import { segmentText } from "./missing-glyphs";

const face = (missing?: string[]): PreviewFace => ({
  gno: "10001",
  familyName: "F10001abc",
  woffPath: "/webfont/files/a.woff2",
  ttfPath: "/webfont/files/a.ttf",
  missing,
});

describe("segmentText", () => {
  it("keeps runs the font draws together and cuts out each lacking character", () => {
    expect(segmentText("永和𠀀九年𠀀", ["𠀀"])).toEqual([
      { text: "永和", missing: false },
      { text: "𠀀", missing: true },
      { text: "九年", missing: false },
      { text: "𠀀", missing: true },
    ]);
  });
});

describe("FontPreview with characters the font lacks", () => {
  it("boxes each lacking character as 缺字 and notes how many there are", () => {
    const { container } = render(
      <FontPreview gno="10001" face={face(["龘", "𠀀"])} text="永和龘九年𠀀" label="思源黑体 预览：永和龘九年𠀀" />,
    );
    const preview = container.querySelector("[data-preview]")!;
    const boxes = [...preview.querySelectorAll("[data-missing]")].map((box) => box.getAttribute("data-missing"));
    expect(boxes).toEqual(["龘", "𠀀"]);
    expect(preview.querySelector(".missing-glyph")!.textContent).toContain("缺字");
    expect(preview.textContent).toContain("本字体缺少 2 个字");
    expect(preview.getAttribute("aria-label")).toBe("思源黑体 预览：永和龘九年𠀀（本字体缺少 2 个字）");
    // The characters the font has are drawn in its face, as one run.
    expect(preview.textContent).toContain("永和");
  });

  it("marks nothing when the font has every character, or when coverage was not checked", () => {
    for (const checked of [face([]), face(undefined)]) {
      const { container } = render(<FontPreview gno="10001" face={checked} text="永和九年" />);
      const preview = container.querySelector("[data-preview]")!;
      expect(preview.querySelector("[data-missing]")).toBeNull();
      expect(preview.textContent).toBe("永和九年");
    }
  });
});
