import { CODE_PURPOSES, codePurposeSchema, type CodePurpose } from "@contract/fields";
import { ACCOUNT_MESSAGE, EMAIL_MESSAGE, PHONE_MESSAGE, isEmail, isPhone } from "./validation";

/** What a code is for. `bind`, `change` and `reauth` need a login. */
export { CODE_PURPOSES, type CodePurpose };
export const CodePurposeSchema = codePurposeSchema;

/** The local outbox page: codes this server could not send, for a visitor on its own machine (decision 022). */
export const OUTBOX_PATH = "/outbox";

/** A no-JS captcha challenge: a picture of `length` digits to type into the `answer` field. */
export type FormCaptcha = { token: string; image: string; width: number; height: number; length: number };

/**
 * The outcome of a send-code request, shared by the page actions (no JS, as `actionData.sendCode`)
 * and the `/resources/send-code` route (JS, fetcher data).
 */
export type SendCodeState =
  | {
      status: "sent";
      account: string;
      cooldown: number;
      message: string;
      sentAt: number;
      /** Where the code is when it went to the local outbox rather than by SMS or e-mail. */
      outbox?: string;
    }
  | { status: "captcha"; account: string; message: string; captcha: FormCaptcha | null }
  | { status: "error"; account: string; message: string; field?: "account" };

/** Checks the account against the purpose's rule, with the contract's messages. */
export function accountProblem(account: string, purpose: CodePurpose, kind?: "phone" | "email"): string | null {
  if (!account)
    return kind === "email"
      ? "请输入邮箱"
      : kind === "phone" || purpose === "login"
        ? "请输入手机号"
        : "请输入手机号或邮箱";
  if (kind === "phone" || purpose === "login") return isPhone(account) ? null : PHONE_MESSAGE;
  if (kind === "email") return isEmail(account) ? null : EMAIL_MESSAGE;
  return isPhone(account) || isEmail(account) ? null : ACCOUNT_MESSAGE;
}
