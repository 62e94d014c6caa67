import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { z } from "zod";
import { validate, type AccountFormResult } from "~/services/account/account-forms";

function formValues(form: HTMLFormElement) {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === "string") values[key] = value;
  });
  return values;
}

/** True while the page's account form is being submitted (not while a code is being asked for). */
export function useSubmitBusy(): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === "submit";
}

/** Client hints: the action's zod schema, run in the browser on submit, on blur and while typing. */
export function useFormHints(schema: z.ZodTypeAny, result: AccountFormResult | null | undefined) {
  const server = result?.fieldErrors;
  const [client, setClient] = useState<Record<string, string> | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  // A fresh server answer (the form was not accepted): show its messages, empty the passwords.
  useEffect(() => {
    if (!result) return;
    setClient(null);
    ref.current
      ?.querySelectorAll<HTMLInputElement>('input[name="password"], input[name="confirmPassword"]')
      .forEach((input) => {
        input.value = "";
      });
  }, [result]);
  const errors = client ?? server ?? {};
  return {
    errors,
    ref,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const checked = validate(schema, formValues(event.currentTarget));
      if (!checked.ok) {
        event.preventDefault();
        setClient(checked.fieldErrors);
        const first = Object.keys(checked.fieldErrors)[0];
        const field = first ? event.currentTarget.elements.namedItem(first) : null;
        if (field && "focus" in field) (field as HTMLElement).focus();
      } else {
        setClient(null);
      }
    },
    /** Leaving a field shows its problem (never hides one: that would move the layout under the pointer). */
    onBlur(event: FocusEvent<HTMLDivElement>) {
      const target = event.target as HTMLInputElement;
      if (!target.form || !target.name || target.type === "checkbox" || target.value === "") return;
      const checked = validate(schema, formValues(target.form));
      const message = checked.ok ? undefined : checked.fieldErrors[target.name];
      if (!message || errors[target.name] === message) return;
      setClient({ ...errors, [target.name]: message });
    },
    /** Typing clears a field's message as soon as the value is fine. */
    onInput(event: FormEvent<HTMLDivElement>) {
      const target = event.target as HTMLInputElement;
      if (!target.form || !target.name || !errors[target.name]) return;
      const checked = validate(schema, formValues(target.form));
      const message = checked.ok ? undefined : checked.fieldErrors[target.name];
      if (message === errors[target.name]) return;
      const next = { ...errors };
      if (message) next[target.name] = message;
      else delete next[target.name];
      setClient(next);
    },
  };
}

export type FormHints = ReturnType<typeof useFormHints>;
