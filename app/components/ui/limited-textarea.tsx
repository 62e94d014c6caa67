import { graphemeCount, maxLengthFor } from "@contract/fields";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/utils/misc";
import { FormField } from "./form-field";

/** What the counter under a limited text says: how many characters of `max`, or how many too many. */
export function characterCountText(count: number, max: number): string {
  return count > max ? `超出 ${count - max} 字（最多 ${max} 字）` : `${count} / ${max} 字`;
}

/** Characters as the contract counts them: trimmed, as people see them. */
const countOf = (text: string) => graphemeCount(text.trim());

/**
 * A labelled textarea of at most `max` characters (the contract's limit for the field), with a
 * counter under it. The server refuses a longer text with its message and the form keeps it; the
 * counter is rendered with the page (so it is right after a refused submit without JavaScript too)
 * and follows the typing with JavaScript.
 */
export function LimitedTextarea({
  id,
  name,
  label,
  max,
  error,
  required,
  rows = 6,
  defaultValue = "",
}: {
  id: string;
  name: string;
  label: string;
  max: number;
  error?: string;
  required?: boolean;
  rows?: number;
  defaultValue?: string;
}) {
  const [count, setCount] = useState(() => countOf(defaultValue));
  const textarea = useRef<HTMLTextAreaElement>(null);

  // Text typed before the page's scripts ran.
  useEffect(() => {
    if (textarea.current) setCount(countOf(textarea.current.value));
  }, []);

  return (
    <FormField
      id={id}
      name={name}
      label={label}
      error={error}
      required={required}
      hint={
        <span className={cn("character-count", count > max && "character-count--over")} data-count={count}>
          {characterCountText(count, max)}
        </span>
      }
    >
      {(props) => (
        <textarea
          {...props}
          ref={textarea}
          className="textarea"
          rows={rows}
          maxLength={maxLengthFor(max)}
          defaultValue={defaultValue}
          onInput={(event) => setCount(countOf(event.currentTarget.value))}
        />
      )}
    </FormField>
  );
}
