import { Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { FormField } from "~/components/ui/form-field";
import { Honeypot } from "~/components/ui/honeypot";
import { PasswordField } from "~/components/ui/password-field";
import { PASSWORD_MIN, type AccountFormResult } from "~/services/account/account-forms";
import { cn } from "~/utils/misc";
import { SendCodeButton, type SendCodeButtonProps } from "./send-code-button";
import { ViewLink, viewHref, type AuthView, type FormComponent } from "./auth-view";
import type { FormHints } from "./form-hints";

/** The action's answer when it is about this view's form (the modal shares one fetcher). */
export function ownResult(result: AccountFormResult | null | undefined, view: AuthView) {
  return result && result.form === view ? result : null;
}

/**
 * The frame of every account form: posts to the view's page action (`noValidate`: the schema's
 * Chinese messages show with JavaScript on or off), runs the hints, carries the honeypot. The
 * action's URL keeps `redirectTo`, so a page answered by the action (a wrong password, a code sent
 * without JavaScript) still leads there.
 */
export function AuthForm({
  Form,
  view,
  redirectTo,
  hints,
  children,
}: {
  Form: FormComponent;
  view: AuthView;
  redirectTo?: string;
  hints: FormHints;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={viewHref(view, redirectTo)} noValidate className="auth-form" onSubmit={hints.onSubmit}>
      <div ref={hints.ref} onBlur={hints.onBlur} onInput={hints.onInput} onChange={hints.onInput}>
        <Honeypot />
        {children}
      </div>
    </Form>
  );
}

/** Where to go after logging in, posted with the form. */
export function RedirectField({ redirectTo }: { redirectTo?: string }) {
  return <input type="hidden" name="redirect" value={redirectTo ?? "/"} />;
}

/** Two or three views side by side (login methods, register by phone or e-mail, …). */
export function ViewTabs({
  label,
  tabs,
  active,
  redirectTo,
  onSwitch,
  small,
}: {
  label: string;
  tabs: Array<[AuthView, string]>;
  active: AuthView;
  redirectTo?: string;
  onSwitch?: (view: AuthView) => void;
  small?: boolean;
}) {
  return (
    <nav className={cn("auth-tabs", small && "auth-tabs--small")} aria-label={label}>
      {tabs.map(([view, text]) => (
        <ViewLink
          key={view}
          view={view}
          redirectTo={redirectTo}
          onSwitch={onSwitch}
          className={cn("auth-tabs__tab", active === view && "is-active")}
        >
          <span aria-current={active === view ? "page" : undefined}>{text}</span>
        </ViewLink>
      ))}
    </nav>
  );
}

type TextFieldProps = {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  type?: "text" | "tel" | "email";
  autoComplete?: string;
  inputMode?: "tel" | "email" | "numeric" | "text";
  placeholder?: string;
  maxLength?: number;
};

export function TextField({
  name,
  label,
  error,
  defaultValue,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  maxLength = 100,
}: TextFieldProps) {
  const id = `${useId()}-${name}`;
  return (
    <FormField id={id} name={name} label={label} error={error}>
      {(props) => (
        <input
          {...props}
          type={type}
          className="input"
          defaultValue={defaultValue}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
          maxLength={maxLength}
        />
      )}
    </FormField>
  );
}

type AccountFieldProps = Pick<TextFieldProps, "name" | "error" | "defaultValue" | "placeholder">;

export function PhoneField({ placeholder = "11 位手机号", ...props }: AccountFieldProps) {
  return (
    <TextField
      {...props}
      label="手机号"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={placeholder}
      maxLength={11}
    />
  );
}

export function EmailField({ placeholder = "name@example.com", ...props }: AccountFieldProps) {
  return (
    <TextField {...props} label="邮箱" type="email" inputMode="email" autoComplete="email" placeholder={placeholder} />
  );
}

/** The 6-digit code with its 获取验证码 button (`send`: what the button sends, and to where). */
export function CodeField({
  name = "code",
  id,
  error,
  defaultValue,
  hint,
  send,
}: {
  name?: string;
  /** A stable id, for a page with several code fields; one is made otherwise. */
  id?: string;
  error?: string;
  defaultValue?: string;
  /** Shown until there is an error to show instead. */
  hint?: string;
  send: SendCodeButtonProps;
}) {
  const madeId = `${useId()}-${name}`;
  return (
    <FormField id={id ?? madeId} name={name} label="验证码" error={error} hint={hint} errorReplacesHint>
      {(props) => (
        <div className="code-row">
          <input
            {...props}
            type="text"
            className="input"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6 位数字"
            maxLength={6}
            defaultValue={defaultValue}
          />
          <SendCodeButton {...send} />
        </div>
      )}
    </FormField>
  );
}

/** A new password and its confirmation (`prefix` 新 when it replaces a forgotten one). */
export function NewPasswordFields({ errors, prefix = "" }: { errors: Record<string, string>; prefix?: string }) {
  return (
    <>
      <PasswordField
        name="password"
        label={`${prefix}密码`}
        placeholder={`至少 ${PASSWORD_MIN} 位`}
        autoComplete="new-password"
        error={errors.password}
      />
      <PasswordField
        name="confirmPassword"
        label={`确认${prefix}密码`}
        placeholder={`再次输入${prefix}密码`}
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}

export function FormError({ result }: { result?: AccountFormResult | null }) {
  if (!result?.formError) return null;
  return (
    <p className={cn("notice", result.formErrorTone === "success" ? "notice--business" : "notice--error")} role="alert">
      {result.formError}
    </p>
  );
}

/** The two agreements, each opening in a new tab. */
export function AgreementLinks() {
  return (
    <>
      <Link to="/agreement/register" target="_blank" rel="noopener">
        《用户注册协议》
      </Link>
      和
      <Link to="/agreement/font" target="_blank" rel="noopener">
        《字体授权协议》
      </Link>
    </>
  );
}

export function AgreementNote() {
  return (
    <p className="auth-agreement">
      登录即表示你已阅读并同意
      <AgreementLinks />
    </p>
  );
}

export function Submit({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="intent"
      value="submit"
      className="btn btn--accent btn--block btn--lg"
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? "请稍候…" : children}
    </button>
  );
}
