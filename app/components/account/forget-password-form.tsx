import {
  ForgetVerifyEmailSchema,
  ForgetVerifyPhoneSchema,
  ResetPasswordSchema,
  type AccountBy,
} from "~/services/account/account-forms";
import { cn } from "~/utils/misc";
import { ViewLink, type AuthFormProps, type AuthView } from "./auth-view";
import {
  AuthForm,
  CodeField,
  EmailField,
  FormError,
  NewPasswordFields,
  PhoneField,
  Submit,
  ViewTabs,
  ownResult,
} from "./auth-form-parts";
import { useFormHints } from "./form-hints";

const FORGET_TABS: Array<[AuthView, string]> = [
  ["forget-email", "通过邮箱找回"],
  ["forget-phone", "通过手机号找回"],
];

export type ForgetStep = "verify" | "reset";

/** Find a forgotten password: prove the account with a code (step 1), then set a new password (step 2). */
export function ForgetPasswordForm({
  Form,
  result,
  redirectTo,
  busy,
  onSwitch,
  by,
  step,
}: AuthFormProps & { by: AccountBy; step: ForgetStep }) {
  const view: AuthView = by === "phone" ? "forget-phone" : "forget-email";
  const own = ownResult(result, view);
  const hints = useFormHints(
    step === "reset" ? ResetPasswordSchema : by === "phone" ? ForgetVerifyPhoneSchema : ForgetVerifyEmailSchema,
    own,
  );
  return (
    <AuthForm Form={Form} view={view} redirectTo={redirectTo} hints={hints}>
      {step === "verify" ? (
        <ViewTabs label="找回方式" tabs={FORGET_TABS} active={view} redirectTo={redirectTo} onSwitch={onSwitch} small />
      ) : null}
      <ol className="auth-steps" aria-label="步骤">
        <li className={cn(step === "verify" && "is-active")}>1 验证身份</li>
        <li className={cn(step === "reset" && "is-active")}>2 设置新密码</li>
      </ol>
      <FormError result={own} />
      <input type="hidden" name="step" value={step} />
      {step === "verify" ? (
        <>
          {by === "phone" ? (
            <PhoneField
              name="account"
              placeholder="注册时使用的手机号"
              error={hints.errors.account}
              defaultValue={own?.values.account}
            />
          ) : (
            <EmailField
              name="account"
              placeholder="注册时使用的邮箱"
              error={hints.errors.account}
              defaultValue={own?.values.account}
            />
          )}
          <CodeField
            error={hints.errors.code}
            defaultValue={own?.values.code}
            send={{ accountFieldName: "account", purpose: "reset", kind: by, state: own?.sendCode ?? null }}
          />
          <Submit busy={busy}>下一步</Submit>
        </>
      ) : (
        <>
          <NewPasswordFields errors={hints.errors} prefix="新" />
          <Submit busy={busy}>重置密码</Submit>
        </>
      )}
      <div className="auth-form__row auth-form__row--center">
        <ViewLink view="password" redirectTo={redirectTo} onSwitch={onSwitch}>
          返回登录
        </ViewLink>
      </div>
    </AuthForm>
  );
}
