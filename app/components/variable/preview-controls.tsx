import { PREVIEW_SIZE_MAX, PREVIEW_SIZE_MIN, VARIABLE_TEXT_MAX } from "./variation";

export type PreviewControlsProps = {
  text: string;
  placeholder: string;
  size: number;
  onTextChange: (text: string) => void;
  onSizeChange: (size: number) => void;
  loading?: boolean;
};

/** The shared text box and size of a page's GET form; the page's submit button re-renders it at the chosen values. */
export function PreviewControls({
  text,
  placeholder,
  size,
  onTextChange,
  onSizeChange,
  loading,
}: PreviewControlsProps) {
  return (
    <div className="variable-controls">
      <label className="variable-controls__text">
        <span>你的文字</span>
        <input
          type="text"
          name="text"
          value={text}
          maxLength={VARIABLE_TEXT_MAX}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(event) => onTextChange(event.target.value)}
        />
      </label>
      <label className="variable-controls__size">
        <span>字号</span>
        <input
          type="number"
          name="px"
          min={PREVIEW_SIZE_MIN}
          max={PREVIEW_SIZE_MAX}
          step={1}
          value={size}
          onChange={(event) => {
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= PREVIEW_SIZE_MIN && value <= PREVIEW_SIZE_MAX) onSizeChange(value);
          }}
        />
        <span aria-hidden="true">px</span>
      </label>
      {loading ? (
        <span className="variable-controls__loading" role="status">
          正在生成字形…
        </span>
      ) : null}
    </div>
  );
}
