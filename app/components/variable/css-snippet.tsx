import { CopyableText } from "~/components/ui/copyable-text";

/** The CSS to copy, selectable as text; with JavaScript a button copies it. */
export function CssSnippet({ css, label }: { css: string; label: string }) {
  return (
    <details className="css-snippet">
      <summary>{label}</summary>
      <CopyableText text={css} label={label} buttonLabel="复制 CSS" />
    </details>
  );
}
