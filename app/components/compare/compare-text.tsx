import { MissingGlyphText } from "~/components/catalogue/missing-glyphs";
import type { PreviewTheme } from "~/utils/catalogue/fonts";
import { previewFontFamily, type PreviewFace } from "~/utils/catalogue/fonts";
import { cn } from "~/utils/misc";

export type CompareTextProps = {
  gno: string;
  text: string;
  face: PreviewFace | null;
  /** Characters the font lacks; null when unknown (no subset). */
  missing: string[] | null;
  size: number;
  theme: PreviewTheme;
};

/** The compared text in one font, the characters it lacks boxed as 缺字. */
export function CompareText({ gno, text, face, missing, size, theme }: CompareTextProps) {
  return (
    <div
      className={cn("font-preview", `font-preview--${theme}`, "compare-text", !face && "font-preview--fallback")}
      data-preview={gno}
      data-face={face?.familyName}
      data-theme={theme}
      lang="zh-CN"
      title={face ? undefined : "字体预览暂时无法加载，当前以系统字体示意"}
      style={{ fontFamily: previewFontFamily(face), fontSize: `${size}px` }}
    >
      <MissingGlyphText text={text} missing={missing ?? []} />
    </div>
  );
}
