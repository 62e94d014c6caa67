import {
  SAFE_AREA_APPS,
  SAFE_AREA_APP_LABELS,
  STUDIO_FRAMES,
  STUDIO_FRAME_NAMES,
  STUDIO_PRESETS,
  STUDIO_PRESET_LABELS,
  STUDIO_SIZE_MAX,
  STUDIO_SIZE_MIN,
  STUDIO_TITLE_MAX,
  studioDesignSchema,
  type StudioDesign,
} from "@contract/studio";
import { coveredAreas } from "~/utils/studio/safe-areas";
import { EXAMPLE_TITLE, type StudioValues } from "~/utils/studio/studio-design";
import type { StudioFont } from "~/utils/studio/studio.server";

const DEFAULTS = studioDesignSchema.parse({});

type Props = {
  values: StudioValues;
  errors: Partial<Record<keyof StudioDesign, string>>;
  fonts: StudioFont[];
  selected: string | null;
  picker: { q: string; fit: boolean };
  /** Families with every character of the title; null when not known. */
  covering: number[] | null;
  hydrated: boolean;
  onChange: (form: HTMLFormElement) => void;
};

/**
 * The studio's settings: a GET form to the page itself, so that the address carries every choice
 * and the page works without JavaScript (更新预览 reloads it). With JavaScript each change redraws
 * the preview at once and the font list filters as the search is typed.
 */
export function StudioForm({ values, errors, fonts, selected, picker, covering, hydrated, onChange }: Props) {
  const value = (name: keyof StudioDesign) => {
    const raw = values[name];
    return typeof raw === "string" ? raw : String(DEFAULTS[name] ?? "");
  };
  const frame = (
    typeof values.frame === "string" && values.frame in STUDIO_FRAMES ? values.frame : "9x16"
  ) as keyof typeof STUDIO_FRAMES;
  const safe = new Set([values.safe ?? []].flat());
  const shown = pickerFonts(fonts, selected, picker, covering);
  const families = groupByFamily(shown);

  return (
    <form
      method="get"
      action="/studio"
      className="studio-form card"
      aria-label="标题设置"
      onChange={(event) => onChange(event.currentTarget)}
      onInput={(event) => onChange(event.currentTarget)}
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onChange(event.currentTarget);
      }}
    >
      <Field
        label="标题"
        name="title"
        error={errors.title}
        hint={`最多 ${STUDIO_TITLE_MAX} 个字；不填时显示示例“${EXAMPLE_TITLE}”`}
      >
        <input
          className="input-compact"
          id="studio-title"
          type="text"
          name="title"
          defaultValue={value("title")}
          maxLength={STUDIO_TITLE_MAX * 2}
        />
      </Field>
      <Field label="第二行（可不填）" name="sub" error={errors.sub}>
        <input
          className="input-compact"
          id="studio-sub"
          type="text"
          name="sub"
          defaultValue={value("sub")}
          maxLength={STUDIO_TITLE_MAX * 2}
        />
      </Field>

      <fieldset className="studio-form__group">
        <legend>字体</legend>
        <label className="studio-form__inline" htmlFor="studio-q">
          <span>搜索字体</span>
          <input
            className="input-compact"
            id="studio-q"
            type="search"
            name="q"
            defaultValue={picker.q}
            placeholder="字体名，如 黑体、快乐"
            maxLength={40}
          />
        </label>
        <label className="studio-form__check">
          <input type="checkbox" name="fit" value="1" defaultChecked={picker.fit} />
          <span>只看能显示全部文字的字体</span>
        </label>
        <label className="studio-form__inline" htmlFor="studio-font">
          <span>选择字体（{shown.length} 款）</span>
          <select
            className="input-compact"
            id="studio-font"
            name="font"
            defaultValue={selected ?? undefined}
            aria-invalid={errors.font ? true : undefined}
          >
            {families.map(([familyName, weights]) => (
              <optgroup key={familyName} label={familyName}>
                {weights.map((font) => (
                  <option key={font.gno} value={font.gno}>
                    {font.name}
                    {covering && !covering.includes(font.familyId) ? "（缺字）" : ""}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        {errors.font ? <p className="field__error">{errors.font}</p> : null}
        {hydrated ? null : (
          <button type="submit" className="btn btn--ghost btn--sm">
            筛选字体
          </button>
        )}
      </fieldset>

      <fieldset className="studio-form__group studio-form__choices">
        <legend>效果</legend>
        {STUDIO_PRESETS.map((preset) => (
          <label key={preset}>
            <input type="radio" name="preset" value={preset} defaultChecked={value("preset") === preset} />
            <span>{STUDIO_PRESET_LABELS[preset]}</span>
          </label>
        ))}
        {errors.preset ? <p className="field__error">{errors.preset}</p> : null}
      </fieldset>

      <fieldset className="studio-form__group studio-form__colors">
        <legend>颜色</legend>
        <ColorField name="color" label="文字" value={value("color")} error={errors.color} />
        <ColorField
          name="accent"
          label="效果（描边、阴影、渐变下端、底条）"
          value={value("accent")}
          error={errors.accent}
        />
        <ColorField
          name="accent2"
          label="第二颜色（双描边外圈、渐变的描边）"
          value={value("accent2")}
          error={errors.accent2}
        />
      </fieldset>

      <div className="studio-form__row">
        <Field label={`字号（${STUDIO_SIZE_MIN}–${STUDIO_SIZE_MAX} 像素）`} name="size" error={errors.size}>
          <input
            className="input-compact"
            id="studio-size"
            type="number"
            name="size"
            min={STUDIO_SIZE_MIN}
            max={STUDIO_SIZE_MAX}
            step={1}
            defaultValue={value("size")}
          />
        </Field>
        <Field label="位置（标题中心距顶部的百分比）" name="y" error={errors.y}>
          <input id="studio-y" type="range" name="y" min={5} max={95} step={1} defaultValue={value("y")} />
        </Field>
      </div>

      <fieldset className="studio-form__group studio-form__choices">
        <legend>画幅</legend>
        {STUDIO_FRAME_NAMES.map((name) => (
          <label key={name}>
            <input type="radio" name="frame" value={name} defaultChecked={frame === name} />
            <span>{STUDIO_FRAMES[name].label}</span>
          </label>
        ))}
      </fieldset>

      <fieldset className="studio-form__group studio-form__choices">
        <legend>背景</legend>
        <label>
          <input type="radio" name="backdrop" value="none" defaultChecked={value("backdrop") !== "color"} />
          <span>透明</span>
        </label>
        <label>
          <input type="radio" name="backdrop" value="color" defaultChecked={value("backdrop") === "color"} />
          <span>纯色</span>
        </label>
        <ColorField name="bgColor" label="背景颜色" value={value("bgColor")} error={errors.bgColor} />
      </fieldset>

      <fieldset className="studio-form__group studio-form__choices" aria-describedby="studio-safe-hint">
        <legend>安全区（发布后会被界面遮挡的地方）</legend>
        {SAFE_AREA_APPS.map((app) => {
          const covers = coveredAreas(app, frame).length > 0;
          return (
            <label key={app}>
              <input type="checkbox" name="safe" value={app} defaultChecked={safe.has(app)} />
              <span>
                {SAFE_AREA_APP_LABELS[app]}
                {covers ? "" : "（此画幅无遮挡）"}
              </span>
            </label>
          );
        })}
        <p id="studio-safe-hint" className="field__hint">
          区域按各平台界面的大致比例画出，依据与精度见页面下方的<a href="#safe-area-notes">安全区说明</a>。
        </p>
        {errors.safe ? <p className="field__error">{errors.safe}</p> : null}
      </fieldset>

      {hydrated ? null : (
        <button type="submit" className="btn btn--primary">
          更新预览
        </button>
      )}
    </form>
  );
}

function Field({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`studio-${name}`}>
        {label}
      </label>
      {children}
      {hint ? <p className="field__hint">{hint}</p> : null}
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}

function ColorField({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  return (
    <label className="studio-form__color">
      <input type="color" name={name} defaultValue={/^#[0-9a-f]{6}$/i.test(value) ? value : "#000000"} />
      <span>{label}</span>
      {error ? <span className="field__error">{error}</span> : null}
    </label>
  );
}

/** The fonts the picker lists: those matching the search and, with `fit`, the covering families; the chosen one always. */
export function pickerFonts(
  fonts: StudioFont[],
  selected: string | null,
  picker: { q: string; fit: boolean },
  covering: number[] | null,
): StudioFont[] {
  const q = picker.q.trim().toLowerCase();
  return fonts.filter(
    (font) =>
      font.gno === selected ||
      ((!q || font.name.toLowerCase().includes(q) || font.familyName.toLowerCase().includes(q)) &&
        (!picker.fit || !covering || covering.includes(font.familyId))),
  );
}

function groupByFamily(fonts: StudioFont[]): Array<[string, StudioFont[]]> {
  const families = new Map<string, StudioFont[]>();
  for (const font of fonts) families.set(font.familyName, [...(families.get(font.familyName) ?? []), font]);
  return [...families];
}
