import { LoginCodeSchema } from "~/services/account/account-forms";
import { ViewLink, type AuthFormProps } from "./auth-view";
import {
  AgreementNote,
  AuthForm,
  CodeField,
  FormError,
  PhoneField,
  RedirectField,
  Submit,
  ownResult,
} from "./auth-form-parts";
import { useFormHints } from "./form-hints";

/** Log in with a code sent to the phone. */
export function CodeLoginForm({ Form, result, redirectTo, busy, onSwitch }: AuthFormProps) {
  const own = ownResult(result, "code");
  const hints = useFormHints(LoginCodeSchema, own);
  return (
    <AuthForm Form={Form} view="code" redirectTo={redirectTo} hints={hints}>
      <FormError result={own} />
      <RedirectField redirectTo={redirectTo} />
      <PhoneField name="phone" error={hints.errors.phone} defaultValue={own?.values.phone} />
      <CodeField
        error={hints.errors.code}
        defaultValue={own?.values.code}
        send={{ accountFieldName: "phone", purpose: "login", kind: "phone", state: own?.sendCode ?? null }}
      />
      <div className="auth-form__row">
        <span className="auth-form__hint">未注册的手机号请先注册</span>
        <ViewLink view="register-phone" redirectTo={redirectTo} onSwitch={onSwitch}>
          立即注册
        </ViewLink>
      </div>
      <Submit busy={busy}>登录</Submit>
      <AgreementNote />
    </AuthForm>
  );
}
