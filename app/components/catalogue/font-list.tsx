import {
  fontHref,
  formatFileSize,
  type FontSummary,
  type ListLayout,
  type ShowcaseFont,
  type PreviewFace,
  type PreviewTheme,
} from "~/services/catalogue/fonts";
import { cn, formatNumber } from "~/utils/misc";
import type { FontActionsComponent } from "./font-actions";
import { FontCard, FontStick } from "./font-card";
import { FontPreview } from "~/components/font/font-preview";
import { LicenseBadge } from "~/components/font/license-badge";
import { CLIENT_LINKS } from "~/utils/client-links";

export type FontListProps = {
  /** A showcase's fonts may come without their designer and tags (`toShowcaseFont`). */
  fonts: FontSummary[] | ShowcaseFont[];
  /** Subset faces keyed by fontGNo (from loadPreviewFaces). */
  faces: Record<string, PreviewFace>;
  layout: ListLayout;
  /** The text every preview shows. */
  previewText: string;
  theme?: PreviewTheme;
  label?: string;
  /** Cards and rows without their designer and tags (see `FontItemProps`). */
  showcase?: boolean;
  /** Each font's favorite and compare controls (`FontActions`); a showcase has none. */
  actions?: FontActionsComponent;
};

/** The font list in one of three layouts (card, stick, table). Renders nothing for an empty list. */
export function FontList({
  fonts,
  faces,
  layout,
  previewText,
  theme = "light",
  label = "字体列表",
  showcase = false,
  actions: Actions,
}: FontListProps) {
  if (fonts.length === 0) return null;
  if (layout === "table") {
    return (
      <div
        {...CLIENT_LINKS}
        className="font-list font-list--table"
        data-layout="table"
        data-theme={theme}
        role="region"
        aria-label={label}
        // A wide table scrolls sideways: keyboard users need to focus the region to scroll it.
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="font-table">
          <thead>
            <tr>
              <th scope="col" className="font-table__preview-col">
                预览
              </th>
              <th scope="col">名称</th>
              <th scope="col">字重数</th>
              <th scope="col">字符数</th>
              <th scope="col">授权</th>
              <th scope="col">大小</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {fonts.map((font) => (
              <tr key={font.fontGNo} data-font-gno={font.fontGNo}>
                <td className="font-table__preview-cell">
                  <a href={fontHref(font.fontGNo)} tabIndex={-1} aria-hidden="true">
                    <FontPreview
                      gno={font.fontGNo}
                      face={faces[font.fontGNo]}
                      text={previewText}
                      theme={theme}
                      className="font-table__preview"
                    />
                  </a>
                </td>
                <th scope="row" className="font-table__name">
                  <a href={fontHref(font.fontGNo)}>{font.familyName}</a>
                </th>
                <td data-label="字重数">{font.weightCount}</td>
                <td data-label="字符数">{formatNumber(font.glyphCount)}</td>
                <td data-label="授权">
                  <LicenseBadge license={font.license} />
                </td>
                <td data-label="大小">{formatFileSize(font.familyFileSize)}</td>
                <td className="font-table__actions-cell">
                  {Actions ? <Actions font={font} className="font-table__actions" /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  const Item = layout === "card" ? FontCard : FontStick;
  return (
    <ul
      {...CLIENT_LINKS}
      className={cn("font-list", `font-list--${layout}`, showcase && "font-list--showcase")}
      data-layout={layout}
      data-theme={theme}
      aria-label={label}
    >
      {fonts.map((font) => (
        <Item
          key={font.fontGNo}
          font={font}
          face={faces[font.fontGNo]}
          previewText={previewText}
          theme={theme}
          showcase={showcase}
          actions={Actions}
        />
      ))}
    </ul>
  );
}
