import type { ReactNode } from "react";
import { FieldError } from "./field-error";

/** What a field's control takes to be labelled, described and marked invalid. */
export type FormControlProps = {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  required: boolean | undefined;
};

/**
 * A labelled form field: the control `children` renders with the props that tie it to its label,
 * its hint, its message and any text outside it that describes it too (`describedBy`).
 */
export function FormField({
  id,
  name,
  label,
  error,
  hint,
  errorReplacesHint,
  describedBy,
  required,
  children,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The hint only restates the rule the message names: show the message instead of both. */
  errorReplacesHint?: boolean;
  /** Ids of other text that describes this field, e.g. a note shared by two fields. */
  describedBy?: string;
  required?: boolean;
  children: (props: FormControlProps) => ReactNode;
}) {
  const shownHint = error && errorReplacesHint ? null : hint;
  const described = [error ? `${id}-error` : null, shownHint ? `${id}-hint` : null, describedBy ?? null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described || undefined,
        required: required || undefined,
      })}
      {shownHint ? (
        <p id={`${id}-hint`} className="field__hint">
          {shownHint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
