import { useEffect, useState } from "react";

/**
 * Text to copy (a code snippet, an address), shown whole and selectable; once JavaScript runs, a button
 * copies it and says so. Without JavaScript the visitor selects it by hand.
 */
export function CopyableText({
  text,
  label,
  buttonLabel = "复制",
  multiline = true,
}: {
  text: string;
  /** Names the text for assistive technology and on the button. */
  label: string;
  buttonLabel?: string;
  multiline?: boolean;
}) {
  const [copied, setCopied] = useState<"idle" | "done" | "failed">("idle");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("done");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <div className="copyable" data-copyable={label}>
      {multiline ? (
        <pre className="copyable__text" aria-label={label}>
          <code>{text}</code>
        </pre>
      ) : (
        <code className="copyable__text copyable__text--line" aria-label={label}>
          {text}
        </code>
      )}
      {hydrated ? (
        <p className="copyable__actions">
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            onClick={copy}
            aria-label={`${buttonLabel}（${label}）`}
          >
            {buttonLabel}
          </button>
          <span role="status">
            {copied === "done" ? "已复制" : copied === "failed" ? "无法访问剪贴板，请手动选择复制" : ""}
          </span>
        </p>
      ) : null}
    </div>
  );
}
