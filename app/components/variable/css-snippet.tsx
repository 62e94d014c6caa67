import { useEffect, useState } from "react";

/** The CSS to copy, selectable as text; with JavaScript a button copies it. */
export function CssSnippet({ css, label }: { css: string; label: string }) {
  const [copied, setCopied] = useState<"idle" | "done" | "failed">("idle");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(css);
      setCopied("done");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <details className="css-snippet">
      <summary>{label}</summary>
      <pre>
        <code>{css}</code>
      </pre>
      {hydrated ? (
        <p className="css-snippet__actions">
          <button type="button" className="btn btn--sm btn--ghost" onClick={copy}>
            复制 CSS
          </button>
          <span role="status">
            {copied === "done" ? "已复制" : copied === "failed" ? "无法访问剪贴板，请手动选择复制" : ""}
          </span>
        </p>
      ) : null}
    </details>
  );
}
