import { useActionData, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/utils/misc";
import type { CodePurpose, SendCodeState } from "~/services/account/send-code";
import { CaptchaDigitsChallenge, CaptchaSlider } from "./captcha-slider";

export type SendCodeButtonProps = {
  /** Name of the form field holding the phone / e-mail the code goes to. */
  accountFieldName: string;
  purpose: CodePurpose;
  /** Restricts the account to a phone number or an e-mail. */
  kind?: "phone" | "email";
  /**
   * The no-JS outcome to show. Defaults to `useActionData().sendCode`: a page action handling
   * `intent=send-code` returns `{ sendCode: await sendCodeFromForm(...) }`.
   */
  state?: SendCodeState | null;
  className?: string;
  /** The no-JS button's `intent`, for a page whose action tells several send-code buttons apart. */
  intent?: string;
  /** The button's text before a code is sent. */
  idleLabel?: string;
};

/** What is said under the button; `outbox` links the local outbox when the code went there. */
type Notice = { kind: "ok" | "error"; text: string; outbox?: string };

function remainingOf(state: SendCodeState | null | undefined): number {
  if (!state || state.status !== "sent") return 0;
  const left = state.cooldown - Math.floor((Date.now() - state.sentAt) / 1000);
  return left > 0 ? left : 0;
}

/**
 * 获取验证码. Rendered inside a form.
 * - Without JS: a submit button `intent=send-code` (formNoValidate); the page's action sends the
 *   code and re-renders with a notice, or with a digits captcha when the server wants one.
 * - With JS: posts to /resources/send-code through a fetcher, shows the slider captcha first when
 *   required, then a 60 s countdown (重新发送 (59s)).
 */
export function SendCodeButton({
  accountFieldName,
  purpose,
  kind,
  state,
  className,
  intent = "send-code",
  idleLabel = "获取验证码",
}: SendCodeButtonProps) {
  const actionData = useActionData<{ sendCode?: SendCodeState } | undefined>();
  const serverState = state !== undefined ? state : (actionData?.sendCode ?? null);
  const hydrated = useHydrated();
  const fetcher = useFetcher<SendCodeState>();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [remaining, setRemaining] = useState(0);
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const handled = useRef<unknown>(null);

  // A code sent by a no-JS round trip keeps counting down once the page hydrates.
  useEffect(() => {
    setRemaining(remainingOf(serverState));
  }, [serverState]);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const readAccount = useCallback(() => {
    const form = buttonRef.current?.form;
    const field = form?.elements.namedItem(accountFieldName);
    return field && "value" in field ? String((field as unknown as { value: string }).value).trim() : "";
  }, [accountFieldName]);

  const send = useCallback(
    (captchaVerification?: string) => {
      const body: Record<string, string> = { account: readAccount(), purpose };
      if (kind) body.kind = kind;
      if (captchaVerification) body.captchaVerification = captchaVerification;
      setNotice(null);
      fetcher.submit(body, { method: "post", action: "/resources/send-code" });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fetcher.submit, purpose, kind, readAccount],
  );

  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state !== "idle" || handled.current === result) return;
    handled.current = result;
    if (result.status === "sent") {
      setCaptchaOpen(false);
      setRemaining(result.cooldown);
      setNotice({ kind: "ok", text: result.message, outbox: result.outbox });
    } else if (result.status === "captcha") {
      setCaptchaOpen(true);
    } else {
      setCaptchaOpen(false);
      setNotice({ kind: "error", text: result.message });
    }
  }, [fetcher.data, fetcher.state]);

  const onVerified = useCallback((verification: string) => send(verification), [send]);
  const onCancel = useCallback(() => setCaptchaOpen(false), []);

  const sending = fetcher.state !== "idle";
  const label = sending
    ? "发送中…"
    : remaining > 0
      ? `重新发送 (${remaining}s)`
      : serverState?.status === "sent" || notice?.kind === "ok"
        ? "重新发送"
        : idleLabel;

  // What to show under the row: the JS notice, else the no-JS outcome.
  const shown: Notice | null =
    hydrated && (notice || fetcher.data)
      ? notice
      : serverState?.status === "sent"
        ? { kind: "ok", text: serverState.message, outbox: serverState.outbox }
        : serverState?.status === "error"
          ? { kind: "error", text: serverState.message }
          : null;
  const noJsCaptcha =
    !hydrated || !fetcher.data ? (serverState?.status === "captcha" ? serverState.captcha : null) : null;

  return (
    <>
      {/* Served as the page's submit button (intent=send-code); once hydrated a plain button. Every
          click React handles, also one before that switch, goes through the fetcher. */}
      <button
        ref={buttonRef}
        type={hydrated ? "button" : "submit"}
        name={hydrated ? undefined : "intent"}
        value={hydrated ? undefined : intent}
        formNoValidate={!hydrated}
        className={className ?? "btn btn--ghost send-code-button"}
        disabled={sending || remaining > 0 || captchaOpen}
        onClick={(event) => {
          event.preventDefault();
          send();
        }}
        data-purpose={purpose}
      >
        {label}
      </button>
      {shown || captchaOpen || noJsCaptcha ? (
        <div className="send-code-status">
          {shown ? (
            <p
              className={shown.kind === "ok" ? "send-code-status__ok" : "field__error"}
              role={shown.kind === "ok" ? "status" : "alert"}
            >
              {shown.text}
              {shown.outbox ? (
                // A tab of its own, so that the form being filled in stays as it is.
                <>
                  {" "}
                  <a href={shown.outbox} target="_blank" rel="noopener">
                    打开收件箱
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          {hydrated && captchaOpen ? <CaptchaSlider onVerified={onVerified} onCancel={onCancel} /> : null}
          {noJsCaptcha ? <CaptchaDigitsChallenge captcha={noJsCaptcha} message={serverState?.message} /> : null}
        </div>
      ) : null}
    </>
  );
}
