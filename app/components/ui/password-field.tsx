import { useId, useState } from "react";
import { useHydrated } from "~/utils/misc";
import { FormField } from "./form-field";

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
    <FormField id={id} name={name} label={label} error={error}>
      {(props) => (
        <div className="password-field">
          <input
            {...props}
            type={visible ? "text" : "password"}
            className="input"
            autoComplete={autoComplete}
            placeholder={placeholder}
            maxLength={128}
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
      )}
    </FormField>
  );
}
