import { PasswordField } from "~/components/ui/password-field";
import { LoginPasswordSchema } from "~/services/account/account-forms";
import { ViewLink, type AuthFormProps } from "./auth-view";
import { AgreementNote, AuthForm, FormError, RedirectField, Submit, TextField, ownResult } from "./auth-form-parts";
import { useFormHints } from "./form-hints";

/** Log in with a phone number or e-mail and the password. */
export function PasswordLoginForm({ Form, result, redirectTo, busy, onSwitch }: AuthFormProps) {
  const own = ownResult(result, "password");
  const hints = useFormHints(LoginPasswordSchema, own);
  return (
    <AuthForm Form={Form} view="password" redirectTo={redirectTo} hints={hints}>
      <FormError result={own} />
      <RedirectField redirectTo={redirectTo} />
      <TextField
        name="account"
        label="账号"
        placeholder="手机号或邮箱"
        autoComplete="username"
        error={hints.errors.account}
        defaultValue={own?.values.account}
      />
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
    </AuthForm>
  );
}
