import type { VariableAxis } from "@contract/variable";
import { axisLabel, axisStep, type AxisValues } from "./variation";

export type AxisSlidersProps = {
  axes: readonly VariableAxis[];
  values: AxisValues;
  /** Field names are `<prefix><tag>` (e.g. `v1.wght`), read back by `axisValuesFrom`. */
  namePrefix?: string;
  onChange: (tag: string, value: number) => void;
  /** Labels name the font too, where several fonts' sliders share a page. */
  fontName?: string;
  disabled?: boolean;
};

/**
 * One range input per axis, inside the page's GET form: without JavaScript the chosen values are
 * submitted and the server renders the preview at them; with it the preview follows at once.
 */
export function AxisSliders({ axes, values, namePrefix = "", onChange, fontName, disabled }: AxisSlidersProps) {
  return (
    <div className="axis-sliders">
      {axes.map((axis) => {
        const id = `axis-${namePrefix}${axis.tag}`.replace(/[^A-Za-z0-9_-]/g, "-");
        const value = values[axis.tag] ?? axis.default;
        return (
          <div className="axis-slider" key={axis.tag}>
            <label htmlFor={id}>
              <span className="axis-slider__name">{axisLabel(axis)}</span>
              <code className="axis-slider__tag">{axis.tag}</code>
            </label>
            <input
              id={id}
              type="range"
              name={`${namePrefix}${axis.tag}`}
              min={axis.min}
              max={axis.max}
              step={axisStep(axis)}
              value={value}
              disabled={disabled}
              aria-label={`${fontName ? `${fontName} ` : ""}${axisLabel(axis)}（${axis.tag}）`}
              aria-valuetext={`${value}`}
              data-axis={axis.tag}
              onChange={(event) => onChange(axis.tag, Number(event.target.value))}
            />
            <output htmlFor={id} className="axis-slider__value" data-axis-value={axis.tag}>
              {value}
            </output>
            <span className="axis-slider__range" aria-hidden="true">
              {axis.min}–{axis.max}
            </span>
          </div>
        );
      })}
    </div>
  );
}
