import { Form } from "@remix-run/react";
import { useId } from "react";

/** Characters a visitor's sample text may hold. */
export const SAMPLE_TEXT_MAX = 50;

/** The visitor's sample text from `?text=`: trimmed, cut to the limit; empty when absent. */
export function parseSampleText(searchParams: URLSearchParams): string {
  const text = (searchParams.get("text") ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return [...text].slice(0, SAMPLE_TEXT_MAX).join("");
}

/** A GET form that re-renders the page's previews with the visitor's own text (works without JavaScript). */
export function SampleTextForm({ text, placeholder }: { text: string; placeholder: string }) {
  const inputId = useId();
  return (
    <Form method="get" className="sample-form" preventScrollReset>
      <label htmlFor={inputId} className="sample-form__label">
        预览文字
      </label>
      <input
        id={inputId}
        key={text}
        type="text"
        name="text"
        className="input sample-form__input"
        defaultValue={text}
        placeholder={placeholder}
        maxLength={SAMPLE_TEXT_MAX}
        autoComplete="off"
        enterKeyHint="go"
      />
      <button type="submit" className="btn btn--primary">
        预览
      </button>
    </Form>
  );
}
