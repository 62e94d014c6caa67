import { data } from "@remix-run/node";
import { COMMON_PASSWORD_MESSAGE } from "@contract/fields";
import { errorMessage, isApiError, toastTypeForError } from "~/utils/api-errors";
import { keptValues, type AccountFormResult } from "~/services/account/account-forms";
import type { SendCodeState } from "~/services/account/send-code";

/*
 * Form answers are HTTP 200 on purpose: the page re-renders with its messages (like any form
 * page), and browsers log a 4xx document or fetch as a console error.
 */

/** The answer re-rendering `form` with its field errors (typed values kept, passwords dropped). */
export function invalid(
  form: string,
  formData: FormData,
  fieldErrors: Record<string, string>,
  extra?: Partial<AccountFormResult>,
) {
  return data<AccountFormResult>(
    { form, values: keptValues(formData), fieldErrors, formError: null, ...extra },
    { status: 200 },
  );
}

/** The answer after a send-code intent (nothing else validated). */
export function codeSent(
  form: string,
  formData: FormData,
  sendCode: SendCodeState,
  extra?: Partial<AccountFormResult>,
) {
  return invalid(form, formData, {}, { sendCode, ...extra });
}

/** Turns a backend refusal into the form's inline message; rethrows redirects (401 → home). */
export function failed(
  form: string,
  formData: FormData,
  error: unknown,
  extra?: Partial<AccountFormResult>,
  init?: ResponseInit,
) {
  if (error instanceof Response) throw error;
  if (!isApiError(error)) console.error(error);
  // A refused common password belongs beside the password field, not above the form.
  if (isApiError(error) && error.serverMessage === COMMON_PASSWORD_MESSAGE) {
    return invalid(form, formData, { password: COMMON_PASSWORD_MESSAGE }, extra);
  }
  return data<AccountFormResult>(
    {
      form,
      values: keptValues(formData),
      fieldErrors: {},
      formError: isApiError(error) ? errorMessage(error) : "请求失败，请稍后再试",
      formErrorTone: toastTypeForError(error) === "success" ? "success" : "error",
      ...extra,
    },
    { ...init, status: 200 },
  );
}
