import { Link } from "@remix-run/react";
import { FontPreview } from "~/components/font/font-preview";
import { LicenseBadge } from "~/components/font/license-badge";
import { MissingGlyphText } from "~/components/font/missing-glyphs";
import type { PreviewTheme } from "~/services/catalogue/fonts";
import type { ComparedFont } from "~/services/compare/compare-fonts.server";
import { CompareControl } from "./compare-control";

/** One compared font: its name, license and coverage, the text set in it, a download link and 移出对比. */
export function ComparedFontCard({
  font,
  text,
  size,
  theme,
}: {
  font: ComparedFont;
  text: string;
  size: number;
  theme: PreviewTheme;
}) {
  const missing = font.missing;
  return (
    <article className="compare-card card" data-compare-font={font.gno} aria-labelledby={`compare-name-${font.gno}`}>
      <header className="compare-card__head">
        <h2 id={`compare-name-${font.gno}`} className="compare-card__name">
          <Link to={`/font/${font.gno}`}>{font.fontName}</Link>
        </h2>
        <div className="compare-card__facts">
          <LicenseBadge license={font.license} />
          <span className="compare-card__license">{font.license.name}</span>
          <span
            className={`compare-card__commercial compare-card__commercial--${font.license.commercialUse ? "yes" : "no"}`}
            data-commercial={font.license.commercialUse ? "yes" : "no"}
          >
            {font.license.commercialUse ? "可商用" : "不可商用"}
          </span>
          <span className="compare-card__coverage" data-coverage={missing === null ? "unknown" : missing.length}>
            {missing === null
              ? "字形覆盖暂时无法检查"
              : missing.length === 0
                ? "这段文字的字都有"
                : `缺 ${missing.length} 个字：${missing.join(" ")}`}
          </span>
        </div>
      </header>
      {/* The coverage above says what the font lacks, so the text carries no note of its own. */}
      <FontPreview gno={font.gno} face={font.face} text={text} theme={theme} size={size} className="compare-text">
        <MissingGlyphText text={text} missing={missing ?? []} />
      </FontPreview>
      <footer className="compare-card__actions">
        <Link className="btn btn--ghost btn--sm" to={`/font/${font.gno}?download=1#download`}>
          下载
        </Link>
        <CompareControl font={{ fontGNo: font.gno, familyName: font.fontName }} />
      </footer>
    </article>
  );
}
