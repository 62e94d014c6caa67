import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  createChangePasswordSchema,
  type ProofChannel,
} from "~/services/account/profile-forms";
import { FormError, useSchemaCheck, type ProfileActionResult } from "./user-form-bits";
import { FormField } from "~/components/ui/form-field";
import { CurrentPasswordField, ProofFields, SEND_REAUTH_CODE_INTENT } from "./user-proof";

/**
 * intent=password: old password (when one is set; else a `reauth` code or an earlier proof), new ≥ 8,
 * confirmation. Passwords are echoed back only when the backend refused a common one.
 */
export function UserPasswordForm({
  hasPassword,
  channel,
  account,
  result,
}: {
  hasPassword: boolean;
  channel: ProofChannel;
  /** The login name, for password managers (not submitted). */
  account: string;
  result: ProfileActionResult | undefined;
}) {
  const navigation = useNavigation();
  const mine =
    result?.intent === "password" || (result?.intent === SEND_REAUTH_CODE_INTENT && result.type === "password")
      ? result
      : undefined;
  const schema = useMemo(() => createChangePasswordSchema({ hasPassword }), [hasPassword]);
  const { clientErrors, onSubmit } = useSchemaCheck(schema);
  const errors = clientErrors ?? mine?.fieldErrors ?? {};
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";

  return (
    <Form
      method="post"
      noValidate
      preventScrollReset
      className="user-form user-form--narrow"
      onSubmit={onSubmit}
      aria-label="修改密码"
    >
      {/* The default button for Enter (without JS the send-code button may come first in the form). */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        确认
      </button>
      <input type="hidden" name="intent" value="password" />
      <input type="hidden" name="proofFor" value="password" />
      {hasPassword ? null : <p className="notice">你还没有设置密码，设置后可以用手机号或邮箱加密码登录。</p>}
      <FormError message={mine?.formError} />
      <input type="text" autoComplete="username" value={account} readOnly hidden />
      {hasPassword ? (
        <CurrentPasswordField id="oldPassword" name="oldPassword" label="原密码" error={errors.oldPassword} />
      ) : (
        <ProofFields channel={channel} formKey="password" errors={errors} result={mine} />
      )}
      <FormField
        id="newPassword"
        name="newPassword"
        label="新密码"
        error={errors.newPassword}
        hint={`至少 ${PASSWORD_MIN} 个字符`}
        errorReplacesHint
      >
        {(props) => (
          <input
            {...props}
            type="password"
            className="input"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            defaultValue={mine?.values?.newPassword}
          />
        )}
      </FormField>
      <FormField id="confirmPassword" name="confirmPassword" label="确认新密码" error={errors.confirmPassword}>
        {(props) => (
          <input
            {...props}
            type="password"
            className="input"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            defaultValue={mine?.values?.confirmPassword}
          />
        )}
      </FormField>
      <div className="user-form__actions">
        <button type="submit" className="btn btn--accent" disabled={saving}>
          {saving ? "提交中…" : hasPassword ? "修改密码" : "设置密码"}
        </button>
      </div>
      <p className="field__hint">修改后，其他设备上的登录会失效，需要重新登录。</p>
    </Form>
  );
}
