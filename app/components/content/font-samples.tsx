import type { FontSummary } from "@contract/content";
import { Link } from "@remix-run/react";
import { FontPreview } from "~/components/font/font-preview";
import { fontHref, licenseKind, type PreviewFace, type PreviewTheme } from "~/services/catalogue/fonts";

export type FontSample = {
  font: FontSummary;
  /** What the preview shows, in the font's own face. */
  text: string;
  /** What the font does here (封面, 标题, …). */
  role?: string;
  /** Why this font (an album's note, a case's rationale). */
  note?: string;
};

function CommercialBadge({ font }: { font: FontSummary }) {
  return (
    <span
      className={`license-badge license-badge--${licenseKind(font)}`}
      title={`${font.commercialLabel}：${font.licenseName}`}
    >
      {font.commercialLabel}
    </span>
  );
}

/** Fonts each rendering a sample text in its own subset face, each a link to the font's page. */
export function FontSampleList({
  samples,
  faces,
  theme = "light",
  label,
}: {
  samples: FontSample[];
  faces: Record<string, PreviewFace>;
  theme?: PreviewTheme;
  label: string;
}) {
  if (samples.length === 0) return null;
  return (
    <ul className="font-samples" aria-label={label}>
      {samples.map((sample, index) => (
        <li
          key={`${sample.font.fontGNo}-${sample.role ?? index}`}
          className="font-sample"
          data-font-gno={sample.font.fontGNo}
        >
          <Link to={fontHref(sample.font.fontGNo)} className="font-sample__link">
            <span className="font-sample__head">
              {sample.role ? <span className="font-sample__role">{sample.role}</span> : null}
              <strong className="font-sample__name">{sample.font.fontName}</strong>
              <CommercialBadge font={sample.font} />
            </span>
            <FontPreview
              gno={sample.font.fontGNo}
              face={faces[sample.font.fontGNo]}
              text={sample.text}
              theme={theme}
              className="font-sample__preview"
            />
          </Link>
          {sample.note ? <p className="font-sample__note">{sample.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}
