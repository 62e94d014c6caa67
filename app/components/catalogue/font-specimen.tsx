import type { PreviewFace, PreviewTheme } from "~/services/catalogue/fonts";
import { FontPreview } from "~/components/font/font-preview";

export const SPECIMEN_PARAGRAPH =
  "在短视频的世界里，第一秒就决定了观众是否停留。一个合适的字体，能让封面更抓眼，让字幕更耐读，也让你的风格被记住。标题要大胆，字幕要清晰，花字要有趣。";
export const SPECIMEN_NUMBERS = "0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz";
export const SPECIMEN_PUNCTUATION = "，。！？、；：“”‘’（）《》【】…—·￥%+-=@#&";
export const SPECIMEN_SIZES = [12, 16, 24, 32, 48, 72] as const;

/** Every character the specimen needs (subset text for the page's main font). */
export function specimenText(bigText: string): string {
  return `${bigText}${SPECIMEN_PARAGRAPH}${SPECIMEN_NUMBERS}${SPECIMEN_PUNCTUATION}`;
}

/** Up to 4 characters shown huge at the top of the specimen. */
export function specimenBigChars(text: string): string {
  return Array.from(text.replace(/\s+/g, "")).slice(0, 4).join("");
}

export type FontSpecimenProps = {
  gno: string;
  face?: PreviewFace | null;
  text: string;
  bigText: string;
  theme: PreviewTheme;
};

/** Specimen: big characters, a paragraph, numbers/punctuation and a sizes ladder. */
export function FontSpecimen({ gno, face, text, bigText, theme }: FontSpecimenProps) {
  return (
    <div className={`specimen specimen--${theme}`} data-theme={theme}>
      <FontPreview gno={gno} face={face} text={bigText} theme={theme} className="specimen__big" label="大字预览" />
      <FontPreview
        gno={gno}
        face={face}
        text={SPECIMEN_PARAGRAPH}
        theme={theme}
        className="specimen__paragraph"
        as="p"
        label="段落预览"
      />
      <FontPreview gno={gno} face={face} text={SPECIMEN_NUMBERS} theme={theme} className="specimen__glyphs" as="p" />
      <FontPreview
        gno={gno}
        face={face}
        text={SPECIMEN_PUNCTUATION}
        theme={theme}
        className="specimen__glyphs"
        as="p"
        label="标点预览"
      />
      <ol className="specimen__ladder" aria-label="字号阶梯">
        {SPECIMEN_SIZES.map((size) => (
          <li key={size}>
            <span className="specimen__size">{size}px</span>
            <FontPreview gno={gno} face={face} text={text} theme={theme} size={size} className="specimen__line" />
          </li>
        ))}
      </ol>
    </div>
  );
}
