import { Link } from "@remix-run/react";
import type { ListLayout } from "~/services/catalogue/fonts";
import { LAYOUTS, LAYOUT_LABELS } from "~/services/catalogue/font-query";

export type LayoutSwitchProps = {
  current: ListLayout;
  /** Builds the href of a layout, preserving the other parameters. */
  hrefFor: (layout: ListLayout) => string;
};

const ICONS: Record<ListLayout, string> = {
  stick: "M3 5h18v3H3zM3 10.5h18v3H3zM3 16h18v3H3z",
  card: "M3 3h8v8H3zM13 3h8v8h-8zM3 13h8v8H3zM13 13h8v8h-8z",
  table: "M3 4h18v2H3zM3 9h18v2H3zM3 14h18v2H3zM3 19h18v2H3z",
};

/** Links (work without JavaScript) switching between 条形 / 卡片 / 表格. */
export function LayoutSwitch({ current, hrefFor }: LayoutSwitchProps) {
  return (
    <nav className="layout-switch" aria-label="切换列表布局">
      {LAYOUTS.map((layout) => (
        <Link
          key={layout}
          to={hrefFor(layout)}
          className="layout-switch__item"
          aria-current={layout === current ? "true" : undefined}
          data-layout-option={layout}
          preventScrollReset
          replace
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d={ICONS[layout]} fill="currentColor" />
          </svg>
          <span>{LAYOUT_LABELS[layout]}</span>
        </Link>
      ))}
    </nav>
  );
}
