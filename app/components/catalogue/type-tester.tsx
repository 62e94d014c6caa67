import { useRef, useState, type FormEvent } from "react";
import type { PreviewFace, PreviewTheme } from "~/services/catalogue/fonts";
import { TESTER_SIZE_MAX, TESTER_SIZE_MIN, THEMES, THEME_LABELS } from "~/services/catalogue/font-query";
import { DEFAULT_PREVIEW_TEXT, TESTER_TEXT_MAX } from "~/services/catalogue/preview-text";
import { pageHydrated } from "~/utils/hydration";
import { useTypedBeforeHydration } from "~/utils/misc";
import { FontPreview } from "~/components/font/font-preview";

export type TypeTesterProps = {
  /** Path of this page; the form GETs it (`?text=&size=&theme=#editor`). */
  action: string;
  gno: string;
  face?: PreviewFace | null;
  /** The visitor's text ("" = use `fallbackText`). */
  text: string;
  fallbackText: string;
  size: number;
  theme: PreviewTheme;
  onTextChange?: (text: string) => void;
  onSizeChange?: (size: number) => void;
  onThemeChange?: (theme: PreviewTheme) => void;
  /** Called (with JS) instead of navigating when the form is submitted. */
  onSubmit?: () => void;
  /** New faces are being fetched. */
  loading?: boolean;
};

/** A size typed into the tester, in whole pixels; null when it is not one the tester shows. */
function testerSize(typed: string | undefined): number | null {
  const value = Number(typed);
  return typed && Number.isFinite(value) && value >= TESTER_SIZE_MIN && value <= TESTER_SIZE_MAX
    ? Math.round(value)
    : null;
}

/** The size and background the served tester of the page at `action` shows now. */
function servedChoices(action: string): { size: number | null; theme: PreviewTheme | undefined } {
  const form = document.querySelector(`form.type-tester[action="${action}#editor"]`);
  const size = form?.querySelector<HTMLInputElement>('input[name="size"]')?.value;
  const checked = form?.querySelector<HTMLInputElement>('input[name="theme"]:checked')?.value;
  return { size: testerSize(size), theme: THEMES.find((option) => option === checked) };
}

/**
 * Type tester: own text, size 12–200 px, light/dark. Without JavaScript a GET form to the same
 * page; with JavaScript the parent updates the preview as the visitor types.
 */
export function TypeTester({
  action,
  gno,
  face,
  text,
  fallbackText,
  size,
  theme,
  onTextChange,
  onSizeChange,
  onThemeChange,
  onSubmit,
  loading,
}: TypeTesterProps) {
  const [hydrated, setHydrated] = useState(false);
  // Read as the page hydrates, before React sets the radios back to the background they were served with.
  const [chosen] = useState(() => (typeof document !== "undefined" && !pageHydrated() ? servedChoices(action) : null));
  const textArea = useRef<HTMLTextAreaElement>(null);
  // Whatever the visitor typed or chose before the page became interactive is kept, not reset.
  useTypedBeforeHydration(textArea, text, (typed) => {
    if (typed !== null) onTextChange?.(typed);
    if (chosen?.size && chosen.size !== size) onSizeChange?.(chosen.size);
    if (chosen?.theme && chosen.theme !== theme) onThemeChange?.(chosen.theme);
    setHydrated(true);
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!onSubmit) return;
    event.preventDefault();
    onSubmit();
  }

  const shown = text.trim() ? text : fallbackText;

  return (
    <form method="get" action={`${action}#editor`} className="type-tester" onSubmit={submit} aria-label="字体编辑器">
      <div className="type-tester__controls">
        <label className="type-tester__text">
          <span>你的文字</span>
          <textarea
            ref={textArea}
            name="text"
            rows={2}
            maxLength={TESTER_TEXT_MAX}
            placeholder={`输入任意文字，例如：${DEFAULT_PREVIEW_TEXT}`}
            aria-label="预览文字"
            // Uncontrolled on purpose: switching to a controlled value at hydration could overwrite
            // what the visitor is typing at that moment.
            defaultValue={text}
            onChange={onTextChange ? (event) => onTextChange(event.target.value) : undefined}
          />
        </label>
        <div className="type-tester__row">
          <label className="type-tester__size">
            <span>字号</span>
            {hydrated && onSizeChange ? (
              <input
                type="range"
                min={TESTER_SIZE_MIN}
                max={TESTER_SIZE_MAX}
                value={size}
                aria-label="字号滑块"
                onChange={(event) => onSizeChange(Number(event.target.value))}
              />
            ) : null}
            <input
              type="number"
              name="size"
              min={TESTER_SIZE_MIN}
              max={TESTER_SIZE_MAX}
              step={1}
              aria-label="字号（像素）"
              {...(hydrated && onSizeChange
                ? {
                    value: size,
                    onChange: (event) => {
                      const value = testerSize(event.target.value);
                      if (value !== null) onSizeChange(value);
                    },
                  }
                : { defaultValue: size })}
            />
            <span aria-hidden="true">px</span>
          </label>
          <fieldset className="type-tester__theme">
            <legend>背景</legend>
            {THEMES.map((option) => (
              <label key={option} className={`theme-option theme-option--${option}`}>
                <input
                  type="radio"
                  name="theme"
                  value={option}
                  {...(hydrated && onThemeChange
                    ? { checked: theme === option, onChange: () => onThemeChange(option) }
                    : { defaultChecked: theme === option })}
                />
                <span>{THEME_LABELS[option]}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn--primary">
            预览
          </button>
          {loading ? (
            <span className="type-tester__loading" role="status">
              正在生成字形…
            </span>
          ) : null}
        </div>
      </div>
      <FontPreview
        gno={gno}
        face={face}
        text={shown}
        theme={theme}
        size={size}
        className="type-tester__output"
        label={`预览：${shown}`}
      />
    </form>
  );
}
