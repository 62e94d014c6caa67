import type { CSSProperties, ElementType, ReactNode } from "react";
import { previewFontFamily, type PreviewFace, type PreviewTheme } from "~/services/catalogue/fonts";
import { PreviewPart } from "~/utils/preview-parts";
import { MissingGlyphText, missingGlyphNote } from "./missing-glyphs";

export type FontPreviewProps = {
  gno: string;
  face?: PreviewFace | null;
  text: string;
  theme?: PreviewTheme;
  /** Font size in px (or any CSS length); default comes from the stylesheet. */
  size?: number | string;
  className?: string;
  as?: ElementType;
  label?: string;
  children?: ReactNode;
  style?: CSSProperties;
};

/**
 * A line of the visitor's text rendered in a font's subset face only; the characters the face
 * lacks are boxed as 缺字 with a note 本字体缺少 N 个字, never drawn in another font.
 * `data-preview` (the font's gno) and `data-face` (the subset family) make it easy to find in tests;
 * `data-font-gno` is left to the result element around it.
 */
export function FontPreview(props: FontPreviewProps) {
  return (
    <PreviewPart>
      <FontPreviewMarkup {...props} />
    </PreviewPart>
  );
}

function FontPreviewMarkup({
  gno,
  face,
  text,
  theme,
  size,
  className,
  as: Tag = "div",
  label,
  children,
  style,
}: FontPreviewProps) {
  const missing = children === undefined ? (face?.missing ?? []) : [];
  const note = missingGlyphNote(missing, text);
  return (
    <Tag
      className={`font-preview${theme ? ` font-preview--${theme}` : ""}${face ? "" : " font-preview--fallback"}${note ? " font-preview--missing" : ""}${className ? ` ${className}` : ""}`}
      data-preview={gno}
      data-face={face ? face.familyName : undefined}
      title={face ? undefined : "字体预览暂时无法加载，当前以系统字体示意"}
      data-theme={theme}
      lang="zh-CN"
      aria-label={label && note ? `${label}（${note}）` : label}
      data-missing-count={note ? missing.length : undefined}
      style={{
        ...style,
        fontFamily: previewFontFamily(face),
        ...(size !== undefined ? { fontSize: typeof size === "number" ? `${size}px` : size } : {}),
      }}
    >
      {children ?? <MissingGlyphText text={text} missing={missing} />}
      {note ? (
        <span className="font-preview__missing-note" aria-hidden={label ? "true" : undefined}>
          {note}
        </span>
      ) : null}
    </Tag>
  );
}
