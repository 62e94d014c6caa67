import {
  fontHref,
  formatFileSize,
  type FontSummary,
  type PreviewFace,
  type ShowcaseFont,
  type PreviewTheme,
} from "~/services/catalogue/fonts";
import { formatNumber } from "~/utils/misc";
import type { FontActionsComponent } from "./font-actions";
import { FontPreview } from "~/components/font/font-preview";
import { LicenseBadge } from "~/components/font/license-badge";

export type FontItemProps = {
  font: FontSummary | ShowcaseFont;
  face?: PreviewFace | null;
  previewText: string;
  theme?: PreviewTheme;
  /**
   * A showcase of fonts to open (the home page): preview, name, license and counts, without the
   * designer and tags, which the list and the font's page carry.
   */
  showcase?: boolean;
  /**
   * The per-font favorite and compare controls (`FontActions`) of a list that is not a showcase.
   * Each is a form with its own state, which a phone would hydrate for every font shown; passed in,
   * so that a page showing none never loads their code.
   */
  actions?: FontActionsComponent;
};

/** Card layout item: preview, name, license badge, number of weights. */
export function FontCard({ font, face, previewText, theme = "light", actions: Actions }: FontItemProps) {
  const href = fontHref(font.fontGNo);
  return (
    <li className="font-card" data-font-gno={font.fontGNo}>
      <a href={href} className="font-card__link">
        <FontPreview
          gno={font.fontGNo}
          face={face}
          text={previewText}
          theme={theme}
          className="font-card__preview"
          label={`${font.familyName} 预览：${previewText}`}
        />
      </a>
      <div className="font-card__body">
        <h3 className="font-card__name">
          <a href={href}>{font.familyName}</a>
        </h3>
        <LicenseBadge license={font.license} />
      </div>
      <p className="font-card__meta">
        <span>{font.weightCount} 个字重</span>
        <span>{formatNumber(font.glyphCount)} 字符</span>
      </p>
      {Actions ? <Actions font={font} className="font-card__actions" /> : null}
    </li>
  );
}

/** Stick layout row: one font per row, big preview line, name + badge + meta + 下载/详情. */
export function FontStick({
  font,
  face,
  previewText,
  theme = "light",
  showcase = false,
  actions: Actions,
}: FontItemProps) {
  const href = fontHref(font.fontGNo);
  const details = showcase || !("tags" in font) ? null : font;
  return (
    <li className="font-stick" data-font-gno={font.fontGNo}>
      <a href={href} className="font-stick__preview-link" tabIndex={-1}>
        <FontPreview
          gno={font.fontGNo}
          face={face}
          text={previewText}
          theme={theme}
          className="font-stick__preview"
          label={`${font.familyName} 预览：${previewText}`}
        />
      </a>
      <div className="font-stick__info">
        <div className="font-stick__title">
          <h3 className="font-stick__name">
            <a href={href}>{font.familyName}</a>
          </h3>
          <LicenseBadge license={font.license} />
        </div>
        <p className="font-stick__meta">
          <span>{font.weightCount} 个字重</span>
          <span>{formatNumber(font.glyphCount)} 字符</span>
          <span>{formatFileSize(font.familyFileSize)}</span>
        </p>
        {details?.designer ? (
          <p className="font-stick__designer" title={details.designer}>
            设计：{details.designer}
          </p>
        ) : null}
        {details?.tags.length ? (
          <ul className="font-stick__tags" aria-label="标签">
            {details.tags.slice(0, 4).map((tag) => (
              <li key={tag.id}>
                <a href={`/font?tag=${tag.id}`} className="chip chip--small">
                  {tag.name}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="font-stick__actions">
          <a
            href={`${href}?download=1#download`}
            className="btn btn--primary btn--sm"
            aria-label={`下载 ${font.familyName}`}
          >
            下载
          </a>
          <a href={href} className="btn btn--ghost btn--sm" aria-label={`${font.familyName} 详情`}>
            详情
          </a>
          {Actions ? <Actions font={font} /> : null}
        </div>
      </div>
    </li>
  );
}
