import { Link, type Form as RemixForm, type FetcherWithComponents } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import {
  ForgetVerifyEmailSchema,
  ForgetVerifyPhoneSchema,
  LoginCodeSchema,
  LoginPasswordSchema,
  RegisterEmailSchema,
  RegisterPhoneSchema,
  ResetPasswordSchema,
  validate,
  type FormResult,
} from "~/utils/account-forms";
import type { SendCodeState } from "~/utils/verification.server";
import { cn } from "~/utils/misc";
import { PasswordField } from "./password-field";
import { SendCodeButton } from "./send-code-button";
import { FieldError } from "~/components/field-error";

/** Every account view, as a page URL and as a modal mode (SPEC 2). */
export type AuthView =
  | "wechat"
  | "password"
  | "code"
  | "register-phone"
  | "register-email"
  | "forget-email"
  | "forget-phone";

export function viewHref(view: AuthView, redirectTo?: string | null): string {
  const params = new URLSearchParams();
  let path: string;
  switch (view) {
    case "wechat":
      path = "/account/wechat";
      break;
    case "password":
    case "code":
      path = "/account/login";
      params.set("mode", view);
      break;
    case "register-phone":
    case "register-email":
      path = "/account/register";
      params.set("by", view === "register-phone" ? "phone" : "email");
      break;
    default:
      path = "/account/forget";
      params.set("by", view === "forget-phone" ? "phone" : "email");
  }
  if (redirectTo && redirectTo !== "/") params.set("redirect", redirectTo);
  return `${path}?${params}`;
}

/** The action URL a view's form posts to (a page route's action; the modal posts there too). */
export function viewAction(view: AuthView): string {
  return viewHref(view).replace(/&redirect=.*$/, "");
}

export type AccountFormResult = FormResult & { sendCode?: SendCodeState | null; step?: "verify" | "reset" };

/** Remix <Form> or a fetcher's <fetcher.Form>. */
export type FormComponent = typeof RemixForm | FetcherWithComponents<unknown>["Form"];

export type AuthFormProps = {
  Form: FormComponent;
  result?: AccountFormResult | null;
  redirectTo?: string;
  busy?: boolean;
  /** In the modal: switch views in place instead of following the link. */
  onSwitch?: (view: AuthView) => void;
};

/* ---------- small pieces ---------- */

/** A link to another form view: a page navigation without JS, `onSwitch` (the modal) with it. */
export function ViewLink({ view, redirectTo, onSwitch, className, children }: { view: AuthView; redirectTo?: string; onSwitch?: (view: AuthView) => void; className?: string; children: ReactNode }) {
  return (
    <Link
      to={viewHref(view, redirectTo)}
      className={className}
      onClick={
        onSwitch
          ? (event) => {
              event.preventDefault();
              onSwitch(view);
            }
          : undefined
      }
    >
      {children}
    </Link>
  );
}

/** Client hints: the action's zod schema, run in the browser on submit and on blur. */
function useHints(schema: z.ZodTypeAny, result: AccountFormResult | null | undefined) {
  const server = result?.fieldErrors;
  const [client, setClient] = useState<Record<string, string> | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  // A fresh server answer (the form was not accepted): show its messages, empty the passwords.
  useEffect(() => {
    if (!result) return;
    setClient(null);
    ref.current?.querySelectorAll<HTMLInputElement>('input[name="password"], input[name="confirmPassword"]').forEach((input) => {
      input.value = "";
    });
  }, [result]);
  const errors = client ?? server ?? {};
  function collect(form: HTMLFormElement) {
    const values: Record<string, string> = {};
    new FormData(form).forEach((value, key) => {
      if (typeof value === "string") values[key] = value;
    });
    return values;
  }
  return {
    errors,
    ref,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const result = validate(schema, collect(event.currentTarget));
      if (!result.ok) {
        event.preventDefault();
        setClient(result.fieldErrors);
        const first = Object.keys(result.fieldErrors)[0];
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
      const result = validate(schema, collect(target.form));
      const message = result.ok ? undefined : result.fieldErrors[target.name];
      if (!message || errors[target.name] === message) return;
      setClient({ ...errors, [target.name]: message });
    },
    /** Typing clears a field's message as soon as the value is fine. */
    onInput(event: FormEvent<HTMLDivElement>) {
      const target = event.target as HTMLInputElement;
      if (!target.form || !target.name || !errors[target.name]) return;
      const result = validate(schema, collect(target.form));
      const message = result.ok ? undefined : result.fieldErrors[target.name];
      if (message === errors[target.name]) return;
      const next = { ...errors };
      if (message) next[target.name] = message;
      else delete next[target.name];
      setClient(next);
    },
  };
}

function TextField({
  name,
  label,
  error,
  defaultValue,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  maxLength = 100,
}: {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  type?: "text" | "tel" | "email";
  autoComplete?: string;
  inputMode?: "tel" | "email" | "numeric" | "text";
  placeholder?: string;
  maxLength?: number;
}) {
  const id = `${useId()}-${name}`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="input"
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function CodeField({
  accountFieldName,
  purpose,
  kind,
  error,
  defaultValue,
  sendCode,
}: {
  accountFieldName: string;
  purpose: "register" | "login" | "reset";
  kind?: "phone" | "email";
  error?: string;
  defaultValue?: string;
  sendCode?: SendCodeState | null;
}) {
  const id = `${useId()}-code`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        验证码
      </label>
      <div className="code-row">
        <input
          id={id}
          name="code"
          type="text"
          className="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6 位数字"
          maxLength={6}
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <SendCodeButton accountFieldName={accountFieldName} purpose={purpose} kind={kind} state={sendCode ?? null} />
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Visually hidden trap field (decision 004); real users never fill it in. */
export function Honeypot() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        请勿填写此项
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

function FormError({ result }: { result?: AccountFormResult | null }) {
  if (!result?.formError) return null;
  return (
    <p className={cn("notice", result.formErrorTone === "success" ? "notice--business" : "notice--error")} role="alert">
      {result.formError}
    </p>
  );
}

function AgreementNote({ prefix = "登录即表示你已阅读并同意" }: { prefix?: string }) {
  return (
    <p className="auth-agreement">
      {prefix}
      <Link to="/agreement/register" target="_blank" rel="noopener">
        《用户注册协议》
      </Link>
      和
      <Link to="/agreement/font" target="_blank" rel="noopener">
        《字体授权协议》
      </Link>
    </p>
  );
}

function Submit({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <button type="submit" name="intent" value="submit" className="btn btn--accent btn--block btn--lg" disabled={busy} aria-busy={busy || undefined}>
      {busy ? "请稍候…" : children}
    </button>
  );
}

function valuesFor(result: AccountFormResult | null | undefined, form: string) {
  return result && result.form === form ? result : null;
}

/* ---------- the forms ---------- */

export function LoginTabs({ active, redirectTo, onSwitch, wechat = true }: { active: AuthView; redirectTo?: string; onSwitch?: (view: AuthView) => void; wechat?: boolean }) {
  const tabs: Array<[AuthView, string]> = [
    ...(wechat ? ([["wechat", "微信登录"]] as Array<[AuthView, string]>) : []),
    ["password", "密码登录"],
    ["code", "验证码登录"],
  ];
  return (
    <nav className="auth-tabs" aria-label="登录方式">
      {tabs.map(([view, label]) => (
        <ViewLink key={view} view={view} redirectTo={redirectTo} onSwitch={onSwitch} className={cn("auth-tabs__tab", active === view && "is-active")}>
          <span aria-current={active === view ? "page" : undefined}>{label}</span>
        </ViewLink>
      ))}
    </nav>
  );
}

export function PasswordLoginForm({ Form, result, redirectTo, busy, onSwitch }: AuthFormProps) {
  const own = valuesFor(result, "password");
  const hints = useHints(LoginPasswordSchema, own);
  return (
    <Form method="post" action={viewAction("password")} noValidate className="auth-form" onSubmit={hints.onSubmit}>
      <div ref={hints.ref} onBlur={hints.onBlur} onInput={hints.onInput} onChange={hints.onInput}>
        <FormError result={own} />
        <input type="hidden" name="redirect" value={redirectTo ?? "/"} />
        <Honeypot />
        <TextField name="account" label="账号" placeholder="手机号或邮箱" autoComplete="username" error={hints.errors.account} defaultValue={own?.values.account} />
        <PasswordField name="password" label="密码" placeholder="请输入密码" error={hints.errors.password} />
        <div className="auth-form__row">
          <ViewLink view="forget-email" redirectTo={redirectTo} onSwitch={onSwitch}>
            忘记密码？
          </ViewLink>
          <ViewLink view="register-phone" redirectTo={redirectTo} onSwitch={onSwitch}>
            没有账号？立即注册
          </ViewLink>
        </div>
        <Submit busy={busy}>登录</Submit>
        <AgreementNote />
      </div>
    </Form>
  );
}

export function CodeLoginForm({ Form, result, redirectTo, busy, onSwitch }: AuthFormProps) {
  const own = valuesFor(result, "code");
  const hints = useHints(LoginCodeSchema, own);
  return (
    <Form method="post" action={viewAction("code")} noValidate className="auth-form" onSubmit={hints.onSubmit}>
      <div ref={hints.ref} onBlur={hints.onBlur} onInput={hints.onInput} onChange={hints.onInput}>
        <FormError result={own} />
        <input type="hidden" name="redirect" value={redirectTo ?? "/"} />
        <Honeypot />
        <TextField name="phone" label="手机号" type="tel" inputMode="tel" autoComplete="tel" placeholder="11 位手机号" maxLength={11} error={hints.errors.phone} defaultValue={own?.values.phone} />
        <CodeField accountFieldName="phone" purpose="login" kind="phone" error={hints.errors.code} defaultValue={own?.values.code} sendCode={own?.sendCode} />
        <div className="auth-form__row">
          <span className="auth-form__hint">未注册的手机号请先注册</span>
          <ViewLink view="register-phone" redirectTo={redirectTo} onSwitch={onSwitch}>
            立即注册
          </ViewLink>
        </div>
        <Submit busy={busy}>登录</Submit>
        <AgreementNote />
      </div>
    </Form>
  );
}

export function RegisterForm({ Form, result, redirectTo, busy, onSwitch, by }: AuthFormProps & { by: "phone" | "email" }) {
  const view: AuthView = by === "phone" ? "register-phone" : "register-email";
  const own = valuesFor(result, view);
  const hints = useHints(by === "phone" ? RegisterPhoneSchema : RegisterEmailSchema, own);
  const agreeId = `${useId()}-agree`;
  return (
    <Form method="post" action={viewAction(view)} noValidate className="auth-form" onSubmit={hints.onSubmit}>
      <div ref={hints.ref} onBlur={hints.onBlur} onInput={hints.onInput} onChange={hints.onInput}>
        <nav className="auth-tabs auth-tabs--small" aria-label="注册方式">
          <ViewLink view="register-phone" redirectTo={redirectTo} onSwitch={onSwitch} className={cn("auth-tabs__tab", by === "phone" && "is-active")}>
            手机号注册
          </ViewLink>
          <ViewLink view="register-email" redirectTo={redirectTo} onSwitch={onSwitch} className={cn("auth-tabs__tab", by === "email" && "is-active")}>
            邮箱注册
          </ViewLink>
        </nav>
        <FormError result={own} />
        <input type="hidden" name="redirect" value={redirectTo ?? "/"} />
        <Honeypot />
        {by === "phone" ? (
          <TextField name="phone" label="手机号" type="tel" inputMode="tel" autoComplete="tel" placeholder="11 位手机号" maxLength={11} error={hints.errors.phone} defaultValue={own?.values.phone} />
        ) : (
          <TextField name="email" label="邮箱" type="email" inputMode="email" autoComplete="email" placeholder="name@example.com" error={hints.errors.email} defaultValue={own?.values.email} />
        )}
        <CodeField accountFieldName={by} purpose="register" kind={by} error={hints.errors.code} defaultValue={own?.values.code} sendCode={own?.sendCode} />
        <PasswordField name="password" label="密码" placeholder="至少 8 位" autoComplete="new-password" error={hints.errors.password} />
        <PasswordField name="confirmPassword" label="确认密码" placeholder="再次输入密码" autoComplete="new-password" error={hints.errors.confirmPassword} />
        <TextField name="nickname" label="昵称（选填）" autoComplete="nickname" placeholder="最多 20 个字" maxLength={20} error={hints.errors.nickname} defaultValue={own?.values.nickname} />
        <div className="field field--check">
          <label htmlFor={agreeId} className="check">
            <input id={agreeId} type="checkbox" name="agree" defaultChecked={own?.values.agree === "on"} aria-invalid={hints.errors.agree ? true : undefined} />
            <span>
              我已阅读并同意
              <Link to="/agreement/register" target="_blank" rel="noopener">
                《用户注册协议》
              </Link>
              和
              <Link to="/agreement/font" target="_blank" rel="noopener">
                《字体授权协议》
              </Link>
            </span>
          </label>
          <FieldError error={hints.errors.agree} />
        </div>
        <Submit busy={busy}>注册并登录</Submit>
        <div className="auth-form__row auth-form__row--center">
          <span>已有账号？</span>
          <ViewLink view="password" redirectTo={redirectTo} onSwitch={onSwitch}>
            去登录
          </ViewLink>
        </div>
      </div>
    </Form>
  );
}

export function ForgetForm({ Form, result, redirectTo, busy, onSwitch, by, step }: AuthFormProps & { by: "phone" | "email"; step: "verify" | "reset" }) {
  const view: AuthView = by === "phone" ? "forget-phone" : "forget-email";
  const own = valuesFor(result, view);
  const verifyHints = useHints(by === "phone" ? ForgetVerifyPhoneSchema : ForgetVerifyEmailSchema, own);
  const resetHints = useHints(ResetPasswordSchema, own);
  const hints = step === "reset" ? resetHints : verifyHints;
  return (
    <Form method="post" action={viewAction(view)} noValidate className="auth-form" onSubmit={hints.onSubmit}>
      <div ref={hints.ref} onBlur={hints.onBlur} onInput={hints.onInput} onChange={hints.onInput}>
        {step === "verify" ? (
          <nav className="auth-tabs auth-tabs--small" aria-label="找回方式">
            <ViewLink view="forget-email" redirectTo={redirectTo} onSwitch={onSwitch} className={cn("auth-tabs__tab", by === "email" && "is-active")}>
              通过邮箱找回
            </ViewLink>
            <ViewLink view="forget-phone" redirectTo={redirectTo} onSwitch={onSwitch} className={cn("auth-tabs__tab", by === "phone" && "is-active")}>
              通过手机号找回
            </ViewLink>
          </nav>
        ) : null}
        <ol className="auth-steps" aria-label="步骤">
          <li className={cn(step === "verify" && "is-active")}>1 验证身份</li>
          <li className={cn(step === "reset" && "is-active")}>2 设置新密码</li>
        </ol>
        <FormError result={own} />
        <Honeypot />
        <input type="hidden" name="step" value={step} />
        {step === "verify" ? (
          <>
            {by === "phone" ? (
              <TextField name="account" label="手机号" type="tel" inputMode="tel" autoComplete="tel" placeholder="注册时使用的手机号" maxLength={11} error={hints.errors.account} defaultValue={own?.values.account} />
            ) : (
              <TextField name="account" label="邮箱" type="email" inputMode="email" autoComplete="email" placeholder="注册时使用的邮箱" error={hints.errors.account} defaultValue={own?.values.account} />
            )}
            <CodeField accountFieldName="account" purpose="reset" kind={by} error={hints.errors.code} defaultValue={own?.values.code} sendCode={own?.sendCode} />
            <Submit busy={busy}>下一步</Submit>
          </>
        ) : (
          <>
            <PasswordField name="password" label="新密码" placeholder="至少 8 位" autoComplete="new-password" error={hints.errors.password} />
            <PasswordField name="confirmPassword" label="确认新密码" placeholder="再次输入新密码" autoComplete="new-password" error={hints.errors.confirmPassword} />
            <Submit busy={busy}>重置密码</Submit>
          </>
        )}
        <div className="auth-form__row auth-form__row--center">
          <ViewLink view="password" redirectTo={redirectTo} onSwitch={onSwitch}>
            返回登录
          </ViewLink>
        </div>
      </div>
    </Form>
  );
}

/** The page frame around an account form (works as a page without JS). */
export function AuthPage({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-page container">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
      </section>
    </div>
  );
}
