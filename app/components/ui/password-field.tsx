import { useId, useState } from "react";
import { useHydrated } from "~/utils/misc";
import { FieldError } from "./field-error";

export type PasswordFieldProps = {
  name: string;
  label: string;
  error?: string;
  autoComplete?: "current-password" | "new-password";
  placeholder?: string;
};

/** A password input with its error; with JS a 显示/隐藏 toggle. Never pre-filled. */
export function PasswordField({
  name,
  label,
  error,
  autoComplete = "current-password",
  placeholder,
}: PasswordFieldProps) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const id = `${useId()}-${name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="password-field">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          className="input"
          autoComplete={autoComplete}
          placeholder={placeholder}
          maxLength={128}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {hydrated ? (
          <button
            type="button"
            className="password-field__toggle"
            aria-pressed={visible}
            aria-controls={id}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? "隐藏" : "显示"}
          </button>
        ) : null}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
