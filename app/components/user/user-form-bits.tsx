import { useState, type FormEvent } from "react";
import type { ZodTypeAny } from "zod";
import type { SendCodeState } from "~/services/account/send-code";
import { fieldErrors } from "~/services/account/validation";

/** What the profile action answers when a form needs another look (errors, the input to keep). */
export type ProfileActionResult = {
  intent: string;
  /** Which bind form (phone/email) or unbind button the answer is for. */
  type?: string;
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: Record<string, string>;
  /** The no-JS send-code step's outcome. */
  sendCode?: SendCodeState | null;
};

/**
 * Client-side checks with the form's zod schema before it is submitted (the server runs the same
 * schema); returns the errors to show and an onSubmit handler that stops an invalid submission.
 */
export function useSchemaCheck(schema: ZodTypeAny) {
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // The send-code buttons have their own checks.
    if (submitter?.name === "intent" && submitter.value.startsWith("send-")) return;
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget).entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors(null);
      return;
    }
    event.preventDefault();
    setErrors(fieldErrors(parsed.error));
  }
  return { clientErrors: errors, clearClientErrors: () => setErrors(null), onSubmit };
}

export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="notice notice--error user-form__error" role="alert">
      {message}
    </p>
  );
}
