import { useId } from "react";
import { FieldError } from "~/components/ui/field-error";
import {
  NICKNAME_MAX,
  RegisterEmailSchema,
  RegisterPhoneSchema,
  type AccountBy,
} from "~/services/account/account-forms";
import { ViewLink, type AuthFormProps, type AuthView } from "./auth-view";
import {
  AgreementLinks,
  AuthForm,
  CodeField,
  EmailField,
  FormError,
  NewPasswordFields,
  PhoneField,
  RedirectField,
  Submit,
  TextField,
  ViewTabs,
  ownResult,
} from "./auth-form-parts";
import { useFormHints } from "./form-hints";

const REGISTER_TABS: Array<[AuthView, string]> = [
  ["register-phone", "手机号注册"],
  ["register-email", "邮箱注册"],
];

/** Register with a phone number or an e-mail address, a code sent there and a password. */
export function RegisterForm({ Form, result, redirectTo, busy, onSwitch, by }: AuthFormProps & { by: AccountBy }) {
  const view: AuthView = by === "phone" ? "register-phone" : "register-email";
  const own = ownResult(result, view);
  const hints = useFormHints(by === "phone" ? RegisterPhoneSchema : RegisterEmailSchema, own);
  const agreeId = `${useId()}-agree`;
  return (
    <AuthForm Form={Form} view={view} redirectTo={redirectTo} hints={hints}>
      <ViewTabs label="注册方式" tabs={REGISTER_TABS} active={view} redirectTo={redirectTo} onSwitch={onSwitch} small />
      <FormError result={own} />
      <RedirectField redirectTo={redirectTo} />
      {by === "phone" ? (
        <PhoneField name="phone" error={hints.errors.phone} defaultValue={own?.values.phone} />
      ) : (
        <EmailField name="email" error={hints.errors.email} defaultValue={own?.values.email} />
      )}
      <CodeField
        error={hints.errors.code}
        defaultValue={own?.values.code}
        send={{ accountFieldName: by, purpose: "register", kind: by, state: own?.sendCode ?? null }}
      />
      <NewPasswordFields errors={hints.errors} />
      <TextField
        name="nickname"
        label="昵称（选填）"
        autoComplete="nickname"
        placeholder={`最多 ${NICKNAME_MAX} 个字`}
        maxLength={NICKNAME_MAX}
        error={hints.errors.nickname}
        defaultValue={own?.values.nickname}
      />
      <div className="field field--check">
        <label htmlFor={agreeId} className="check">
          <input
            id={agreeId}
            type="checkbox"
            name="agree"
            defaultChecked={own?.values.agree === "on"}
            aria-invalid={hints.errors.agree ? true : undefined}
          />
          <span>
            我已阅读并同意
            <AgreementLinks />
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
    </AuthForm>
  );
}
