import { Form, Link, useNavigation } from "@remix-run/react";
import { CodeField } from "~/components/account/auth-form-parts";
import { PASSWORD_MAX, type ProofChannel } from "~/services/account/profile-forms";
import { FormError, type ProfileActionResult } from "./user-form-bits";
import { FormField } from "~/components/ui/form-field";

/** The no-JS intent of the button sending a `reauth` code (told apart from a bind form's send-code). */
export const SEND_REAUTH_CODE_INTENT = "send-reauth-code";
const PROOF_WINDOW_HINT = "10 分钟内已确认过身份可不填";

/**
 * The proof of identity inside a sensitive form: the current password, or a code sent to a phone
 * or e-mail already bound (`verifyCode`). `formKey` tells the action which form a sent code or an
 * error belongs to.
 */
export function ProofFields({
  channel,
  formKey,
  errors,
  result,
  required = false,
}: {
  channel: ProofChannel;
  formKey: string;
  errors: Record<string, string>;
  /** The last answer to this form (the caller picks it: the password form's answers carry no `type`). */
  result: ProfileActionResult | undefined;
  /** True where no earlier proof counts (the re-authentication form itself). */
  required?: boolean;
}) {
  const id = (name: string) => `${formKey}-${name}`;
  const hint = required ? undefined : PROOF_WINDOW_HINT;
  if (channel.kind === "password") {
    return (
      <CurrentPasswordField
        id={id("currentPassword")}
        name="currentPassword"
        label="当前密码"
        error={errors.currentPassword}
        hint={hint}
      />
    );
  }
  if (channel.kind === "code") {
    const sent =
      result?.intent === SEND_REAUTH_CODE_INTENT && result.type === formKey ? (result.sendCode ?? null) : null;
    return (
      <>
        <input type="hidden" name="proofFor" value={formKey} />
        <input type="hidden" name="reauthAccount" value={channel.account} />
        <CodeField
          id={id("verifyCode")}
          name="verifyCode"
          error={errors.verifyCode}
          hint={hint}
          defaultValue={result?.values?.verifyCode ?? ""}
          send={{
            accountFieldName: "reauthAccount",
            purpose: "reauth",
            intent: SEND_REAUTH_CODE_INTENT,
            idleLabel: `发送验证码到 ${channel.shown}`,
            state: sent,
          }}
        />
      </>
    );
  }
  return (
    <p className="field__hint">
      {errors.currentPassword ?? errors.verifyCode ?? "请先用已绑定的微信扫码，确认是你本人操作"}：
      <Link to="/user/profile?wechat=reauth#security" preventScrollReset>
        微信扫码确认
      </Link>
    </p>
  );
}

/**
 * 确认是你本人操作: one proof (password or code → `reauth`) that lets the next bind, unbind and
 * password changes through for 10 minutes without asking again.
 */
export function ReauthForm({
  channel,
  result,
  next,
}: {
  channel: ProofChannel;
  result: ProfileActionResult | undefined;
  /** Where to go once confirmed (e.g. on to the WeChat bind QR code). */
  next?: "wechat-bind";
}) {
  const navigation = useNavigation();
  const formKey = next ? `reauth-${next}` : "reauth";
  const mine =
    result && (result.intent === "reauth" || result.intent === SEND_REAUTH_CODE_INTENT) && result.type === formKey
      ? result
      : undefined;
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "reauth" &&
    navigation.formData?.get("proofFor") === formKey;
  if (channel.kind === "none") {
    return <ProofFields channel={channel} formKey={formKey} errors={mine?.fieldErrors ?? {}} result={mine} />;
  }
  return (
    <Form method="post" noValidate preventScrollReset className="user-reauth" aria-label="确认是你本人操作">
      {/* The default button for Enter (without JS the send-code button comes first in the form). */}
      <button type="submit" name="intent" value="reauth" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        确认
      </button>
      <input type="hidden" name="proofFor" value={formKey} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <FormError message={mine?.formError} />
      <ProofFields channel={channel} formKey={formKey} errors={mine?.fieldErrors ?? {}} result={mine} required />
      <button type="submit" name="intent" value="reauth" className="btn btn--accent btn--sm" disabled={busy}>
        {busy ? "确认中…" : "确认身份"}
      </button>
    </Form>
  );
}

/** The account's present password (never pre-filled), for a change that needs it. */
export function CurrentPasswordField({
  id,
  name,
  label,
  error,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
}) {
  return (
    <FormField id={id} name={name} label={label} error={error} hint={hint} errorReplacesHint>
      {(props) => (
        <input {...props} type="password" className="input" autoComplete="current-password" maxLength={PASSWORD_MAX} />
      )}
    </FormField>
  );
}
