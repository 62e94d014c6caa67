import type { VariableInstance } from "@contract/variable";
import type { MouseEvent } from "react";
import type { AxisValues } from "./variation";

/** Presets shown before the rest fold away; Recursive alone names 64 instances. */
const SHOWN_PRESETS = 12;

export type InstancePresetsProps = {
  instances: readonly VariableInstance[];
  current?: string;
  /** The link of a preset: the page with that instance's values, for visitors without JavaScript. */
  hrefFor: (values: AxisValues) => string;
  onPick: (values: AxisValues) => void;
};

/** The font's named instances as links; with JavaScript a click sets the sliders instead. */
export function InstancePresets({ instances, current, hrefFor, onPick }: InstancePresetsProps) {
  if (instances.length === 0) return null;
  const link = (instance: VariableInstance) => (
    <li key={instance.name}>
      <a
        href={hrefFor(instance.coordinates)}
        className={`preset${instance.name === current ? " preset--current" : ""}`}
        aria-current={instance.name === current ? "true" : undefined}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onPick(instance.coordinates);
        }}
      >
        {instance.name}
      </a>
    </li>
  );
  return (
    <div className="presets" role="group" aria-label="命名实例预设">
      <ul className="presets__list">{instances.slice(0, SHOWN_PRESETS).map(link)}</ul>
      {instances.length > SHOWN_PRESETS ? (
        <details className="presets__more">
          <summary>更多预设（{instances.length - SHOWN_PRESETS}）</summary>
          <ul className="presets__list">{instances.slice(SHOWN_PRESETS).map(link)}</ul>
        </details>
      ) : null}
    </div>
  );
}
