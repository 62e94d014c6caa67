import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import type { AccountFormResult } from "~/services/account/account-forms";
import { viewHref, type AuthView } from "./auth-view";
import { CodeLoginForm } from "./code-login-form";
import { ForgetPasswordForm } from "./forget-password-form";
import { LoginTabs } from "./login-tabs";
import { PasswordLoginForm } from "./password-login-form";
import { RegisterForm } from "./register-form";
import { WechatPanel, type WechatView } from "./wechat-panel";
import { accountModal, useAccountModal } from "./account-modal-state";

export { accountModal, useAccountModal } from "./account-modal-state";

/* ---------- the dialog ---------- */

const TITLES: Record<AuthView, string> = {
  wechat: "登录",
  password: "登录",
  code: "登录",
  "register-phone": "注册账号",
  "register-email": "注册账号",
  "forget-email": "找回密码",
  "forget-phone": "找回密码",
};

function ModalWechat({ redirectTo, onSwitch }: { redirectTo: string; onSwitch: (view: AuthView) => void }) {
  const fetcher = useFetcher<{ view: WechatView }>();
  const load = fetcher.load;
  useEffect(() => {
    load(viewHref("wechat", redirectTo));
  }, [load, redirectTo]);
  const view = fetcher.data?.view;
  useEffect(() => {
    if (view && !view.configured) {
      accountModal.wechatUnavailable();
      onSwitch("password");
    }
  }, [view, onSwitch]);
  if (!view) return <p className="wechat-panel__hint">正在加载微信二维码…</p>;
  return <WechatPanel view={view} onSwitch={onSwitch} />;
}

function ModalBody({ view, redirectTo }: { view: AuthView; redirectTo: string }) {
  const fetcher = useFetcher<AccountFormResult>();
  const result = fetcher.data ?? null;
  const busy = fetcher.state === "submitting" && fetcher.formData?.get("intent") === "submit";
  const onSwitch = useCallback((next: AuthView) => accountModal.switch(next), []);
  const Form = fetcher.Form;
  const { wechatAvailable } = useAccountModal();
  switch (view) {
    case "wechat":
    case "password":
    case "code":
      return (
        <>
          <LoginTabs active={view} redirectTo={redirectTo} onSwitch={onSwitch} wechat={wechatAvailable} />
          {view === "wechat" ? (
            <ModalWechat redirectTo={redirectTo} onSwitch={onSwitch} />
          ) : view === "code" ? (
            <CodeLoginForm Form={Form} result={result} redirectTo={redirectTo} busy={busy} onSwitch={onSwitch} />
          ) : (
            <PasswordLoginForm Form={Form} result={result} redirectTo={redirectTo} busy={busy} onSwitch={onSwitch} />
          )}
        </>
      );
    case "register-phone":
    case "register-email":
      return (
        <RegisterForm
          by={view === "register-phone" ? "phone" : "email"}
          Form={Form}
          result={result}
          redirectTo={redirectTo}
          busy={busy}
          onSwitch={onSwitch}
        />
      );
    default:
      return (
        <ForgetPasswordForm
          by={view === "forget-phone" ? "phone" : "email"}
          step={result?.step ?? "verify"}
          Form={Form}
          result={result}
          redirectTo={redirectTo}
          busy={busy}
          onSwitch={onSwitch}
        />
      );
  }
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]):not([tabindex="-1"]), select, textarea, iframe, [tabindex]:not([tabindex="-1"])';

/**
 * The account modal: over any page, top 15vh, z-index 2000, Esc and ✕ close it, focus
 * stays inside. Forms post through fetchers to the page routes' actions; a successful login
 * redirects (cookie set), which navigates, revalidates the root and closes the dialog.
 */
export function AccountModal() {
  const state = useAccountModal();
  const location = useLocation();
  const dialogRef = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  // Any navigation (e.g. the redirect after logging in) closes the dialog.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (firstKey.current !== location.key) accountModal.close();
    firstKey.current = location.key;
  }, [location.key]);

  useEffect(() => {
    if (!state.open) return;
    opener.current = document.activeElement;
    document.body.classList.add("has-modal");
    return () => {
      document.body.classList.remove("has-modal");
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
  }, [state.open]);

  useEffect(() => {
    if (!state.open) return;
    // In order of preference, not of position: the ✕ comes before the form in the page.
    const dialog = dialogRef.current;
    const first = ["input:not([type=hidden]):not([tabindex='-1'])", ".auth-tabs a.is-active", "button"]
      .map((selector) => dialog?.querySelector<HTMLElement>(selector))
      .find(Boolean);
    (first ?? dialog)?.focus();
  }, [state.open, state.view]);

  if (!state.open) return null;

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      accountModal.close();
      return;
    }
    if (event.key !== "Tab" || !dialogRef.current) return;
    const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (node) => node.offsetParent !== null,
    );
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="account-modal-layer" data-dialog="account">
      <div className="dialog-backdrop" aria-hidden="true" onClick={() => accountModal.close()} />
      {/* The dialog itself keeps focus inside it and closes on Escape, whichever of its controls has focus. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions */}
      <div
        ref={dialogRef}
        className="dialog account-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-view={state.view}
      >
        <h2 id={titleId} className="dialog__title">
          {TITLES[state.view]}
        </h2>
        <button type="button" className="dialog__close" aria-label="关闭" onClick={() => accountModal.close()}>
          ×
        </button>
        <ModalBody key={state.view} view={state.view} redirectTo={state.redirectTo} />
      </div>
    </div>
  );
}
