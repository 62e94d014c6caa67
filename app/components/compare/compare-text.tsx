import type { PreviewTheme } from "~/utils/catalogue/fonts";
import { previewFontFamily, type PreviewFace } from "~/utils/catalogue/fonts";
import { cn } from "~/utils/misc";

type Segment = { text: string; missing: boolean };

/** The text cut into runs the font draws and single characters it lacks. */
export function segmentText(text: string, missing: readonly string[]): Segment[] {
  const lacking = new Set(missing);
  const segments: Segment[] = [];
  for (const character of Array.from(text)) {
    const isMissing = lacking.has(character);
    const last = segments[segments.length - 1];
    if (!isMissing && last && !last.missing) last.text += character;
    else segments.push({ text: character, missing: isMissing });
  }
  return segments;
}

export type CompareTextProps = {
  gno: string;
  text: string;
  face: PreviewFace | null;
  /** Characters the font lacks; null when unknown (no subset). */
  missing: string[] | null;
  size: number;
  theme: PreviewTheme;
};

/**
 * The compared text in one font. A character the font lacks is a dotted box holding the character
 * in the interface's own font, labelled 缺字, so no fallback font passes for the font's own glyph.
 */
export function CompareText({ gno, text, face, missing, size, theme }: CompareTextProps) {
  const segments = segmentText(text, missing ?? []);
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
      {segments.map((segment, index) =>
        segment.missing ? (
          <span key={index} className="compare-missing" data-missing={segment.text} title={`缺字：${segment.text}`}>
            <span className="compare-missing__char" aria-hidden="true">
              {segment.text}
            </span>
            <span className="compare-missing__label">缺字</span>
            <span className="visually-hidden">：{segment.text}</span>
          </span>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </div>
  );
}
