import { SAFE_AREA_APP_LABELS, STUDIO_FRAMES, type StudioDesign } from "@contract/studio";
import { SAFE_AREAS, coveredAreas } from "~/utils/studio/safe-areas";
import { cn } from "~/utils/misc";

/** The creator's own picture for the background, cropped to the frame, kept in the browser only. */
export type StudioPicture = { blob: Blob; url: string };

type Props = {
  /** The design's query; "" while the form has errors (nothing to draw). */
  search: string;
  design: StudioDesign | null;
  picture: StudioPicture | null;
  warnings: string[];
  checkError: string | null;
};

/**
 * The frame with the preview the server draws for the design's address (the title's outlines, and the
 * chosen apps' covered areas over it), over the creator's picture when one is chosen.
 */
export function StudioPreview({ search, design, picture, warnings, checkError }: Props) {
  const frameName = design?.frame ?? "9x16";
  const frame = STUDIO_FRAMES[frameName];
  const apps = (design?.safe ?? []).filter((app) => coveredAreas(app, frameName).length > 0);
  return (
    <section className="studio-preview" aria-labelledby="studio-preview-title">
      <h2 id="studio-preview-title" className="visually-hidden">
        预览
      </h2>
      <div
        className={cn(
          "studio-frame",
          `studio-frame--${frameName}`,
          design?.backdrop !== "color" && !picture && "studio-frame--clear",
        )}
      >
        {picture ? <img className="studio-frame__picture" src={picture.url} alt="" /> : null}
        {search ? (
          <img
            className="studio-frame__image"
            src={`/studio/preview${search}`}
            width={frame.width / 2}
            height={frame.height / 2}
            alt={`标题预览：${design?.title || "示例标题"}，${frame.label}`}
            data-testid="studio-preview"
          />
        ) : (
          <p className="studio-frame__empty">设置有误，改正后显示预览</p>
        )}
      </div>
      {apps.length > 0 ? (
        <ul className="studio-legend" aria-label="安全区图例">
          {apps.map((app) => (
            <li key={app}>
              <span
                className="studio-legend__swatch"
                style={{ background: SAFE_AREAS[app].color }}
                aria-hidden="true"
              />
              {SAFE_AREA_APP_LABELS[app]}的遮挡区域
            </li>
          ))}
        </ul>
      ) : null}
      <div className="studio-warnings" role="status" aria-live="polite">
        {checkError ? <p className="notice">{checkError}</p> : null}
        {warnings.length > 0 ? (
          <ul className="studio-warnings__list" data-testid="studio-warnings">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : search && !checkError ? (
          <p className="studio-warnings__ok">标题没有进入所选平台的遮挡区域。</p>
        ) : null}
      </div>
    </section>
  );
}
