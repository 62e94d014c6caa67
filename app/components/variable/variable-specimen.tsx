import type { VariableFont } from "@contract/variable";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AxisSliders } from "./axis-sliders";
import { CssSnippet } from "./css-snippet";
import { InstancePresets } from "./instance-presets";
import type { VariableFace } from "~/services/variable.server";
import { copyableCss, matchingInstance, variationSettings, type AxisValues } from "./variation";
import { WeightAnimation } from "./weight-animation";

export type VariableSpecimenProps = {
  font: VariableFont;
  face: VariableFace | undefined;
  /** What the preview shows. */
  text: string;
  size: number;
  values: AxisValues;
  onValuesChange: (values: AxisValues) => void;
  namePrefix?: string;
  /** Page link with other axis values (presets without JavaScript). */
  hrefFor: (values: AxisValues) => string;
  /** Where subset URLs in the copied CSS are made absolute. */
  origin: string;
  detailHref?: string;
  /** The submit button(s) of the page's form, placed under the sliders. */
  actions?: ReactNode;
  heading?: "h2" | "h3";
};

/** One variable font: its preview at the chosen axis values, a slider per axis, presets, 动画 and CSS. */
export function VariableSpecimen({
  font,
  face,
  text,
  size,
  values,
  onValuesChange,
  namePrefix,
  hrefFor,
  origin,
  detailHref,
  actions,
  heading: Heading = "h2",
}: VariableSpecimenProps) {
  const visibleAxes = font.axes.filter((axis) => !axis.hidden);
  const hiddenAxes = font.axes.filter((axis) => axis.hidden);
  const setAxis = (tag: string, value: number) => onValuesChange({ ...values, [tag]: value });
  const current = matchingInstance(font.instances, values)?.name;
  const settings = variationSettings(font.axes, values);
  return (
    <section className="variable-specimen" data-gno={font.gno} aria-labelledby={`variable-${font.gno}-title`}>
      <header className="variable-specimen__head">
        <Heading id={`variable-${font.gno}-title`} className="variable-specimen__title">
          {detailHref ? <Link to={detailHref}>{font.nameZh}</Link> : font.nameZh}
        </Heading>
        <span className="variable-specimen__family">{font.familyName}</span>
        <span className="variable-specimen__badge">{font.categoryName}</span>
        <span className="variable-specimen__badge variable-specimen__badge--license">
          {font.license.commercialLabel}
        </span>
      </header>
      <p
        className={`variable-preview${face ? "" : " variable-preview--fallback"}`}
        data-testid="variable-preview"
        data-variation={settings}
        lang={font.category === "latin" ? "en" : "zh"}
        style={{
          fontFamily: face ? `"${face.familyName}", var(--font-ui)` : undefined,
          fontVariationSettings: settings,
          fontSize: `min(${size}px, 16vw)`,
        }}
      >
        <span className="variable-preview__text">{text}</span>
      </p>
      {face ? null : <p className="variable-specimen__notice">字形暂时无法加载，正以系统字体显示。</p>}
      <AxisSliders
        axes={visibleAxes}
        values={values}
        namePrefix={namePrefix}
        fontName={font.nameZh}
        onChange={setAxis}
      />
      {hiddenAxes.length > 0 ? (
        <details className="variable-specimen__hidden-axes">
          <summary>参数轴（{hiddenAxes.length}）</summary>
          <AxisSliders
            axes={hiddenAxes}
            values={values}
            namePrefix={namePrefix}
            fontName={font.nameZh}
            onChange={setAxis}
          />
        </details>
      ) : null}
      <div className="variable-specimen__tools">
        <InstancePresets instances={font.instances} current={current} hrefFor={hrefFor} onPick={onValuesChange} />
        <WeightAnimation
          axis={font.axes.find((axis) => axis.tag === "wght")}
          onFrame={(value) => setAxis("wght", value)}
        />
        {actions}
      </div>
      {face ? (
        <CssSnippet css={copyableCss(face, font.axes, values, origin)} label="复制 CSS（@font-face 与可变轴设置）" />
      ) : null}
    </section>
  );
}
