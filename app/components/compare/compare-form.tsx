import {
  COMPARE_LAYOUTS,
  COMPARE_LAYOUT_LABELS,
  COMPARE_SIZE_MAX,
  COMPARE_SIZE_MIN,
  COMPARE_TEXT_MAX,
  COMPARE_THEMES,
  COMPARE_THEME_LABELS,
  type CompareView,
} from "~/services/compare/compare-view";

/**
 * The comparison's settings: a GET form to the page itself, so the text, size, background and
 * layout live in the address and work without JavaScript.
 */
export function CompareForm({ view, typedText }: { view: CompareView; typedText: string }) {
  return (
    <form method="get" action="/user/compare" className="compare-form card" aria-label="对比设置">
      <label className="compare-form__text">
        <span>对比文字</span>
        <input
          className="input-compact"
          type="text"
          name="text"
          defaultValue={typedText || view.text}
          maxLength={COMPARE_TEXT_MAX * 2}
          aria-describedby="compare-text-hint"
        />
        <small id="compare-text-hint">最多 {COMPARE_TEXT_MAX} 个字，每款字体都排这段文字</small>
      </label>
      <label className="compare-form__size">
        <span>字号</span>
        <input
          className="input-compact"
          type="number"
          name="size"
          min={COMPARE_SIZE_MIN}
          max={COMPARE_SIZE_MAX}
          step={1}
          defaultValue={view.size}
          aria-label="字号（像素）"
        />
        <span aria-hidden="true">px</span>
      </label>
      <fieldset className="compare-form__choice">
        <legend>背景</legend>
        {COMPARE_THEMES.map((theme) => (
          <label key={theme}>
            <input type="radio" name="theme" value={theme} defaultChecked={view.theme === theme} />
            <span>{COMPARE_THEME_LABELS[theme]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="compare-form__choice">
        <legend>排列</legend>
        {COMPARE_LAYOUTS.map((layout) => (
          <label key={layout}>
            <input type="radio" name="layout" value={layout} defaultChecked={view.layout === layout} />
            <span>{COMPARE_LAYOUT_LABELS[layout]}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn--primary">
        更新对比
      </button>
    </form>
  );
}
