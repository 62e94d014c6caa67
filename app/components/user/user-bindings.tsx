import { Form, Link, useNavigation } from "@remix-run/react";
import { CodeField } from "~/components/account/auth-form-parts";
import {
  BindAccountSchema,
  maskEmail,
  maskPhone,
  proofChannel,
  waysIn,
  type BindType,
  type ProfileUser,
  type ProofChannel,
} from "~/services/account/profile-forms";
import { FormError, useSchemaCheck, type ProfileActionResult } from "./user-form-bits";
import { FormField } from "~/components/ui/form-field";
import { ProofFields, ReauthForm, SEND_REAUTH_CODE_INTENT } from "./user-proof";

/**
 * What the WeChat step shows (GET /web/api/wechat/qr-config with the token): the QR code to bind
 * or to prove who the user is, or the proof step the backend asks for before the bind QR code.
 */
export type WechatBindView =
  | { status: "ready"; purpose: "bind" | "reauth"; frameUrl: string; qrconnectUrl: string; expiresIn: number }
  | { status: "reauth-required"; message: string }
  | { status: "error"; message: string };

const NAMES: Record<BindType | "wechat", string> = { phone: "手机号", email: "邮箱", wechat: "微信" };
const LAST_WAY_HINT = "这是你唯一的登录方式，先绑定其他方式才能解绑";

function UnbindForm({
  type,
  disabled,
  busy,
  channel,
  result,
}: {
  type: BindType | "wechat";
  disabled: boolean;
  busy: boolean;
  channel: ProofChannel;
  result: ProfileActionResult | undefined;
}) {
  const formKey = `unbind-${type}`;
  const mine =
    result && (result.intent === "unbind" || result.intent === SEND_REAUTH_CODE_INTENT) && result.type === formKey
      ? result
      : undefined;
  if (disabled) {
    return (
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled
        title={LAST_WAY_HINT}
        aria-describedby={`unbind-${type}-hint`}
      >
        解绑
      </button>
    );
  }
  return (
    <details className="user-bind__details user-bind__unbind" open={mine ? true : undefined}>
      <summary className="btn btn--ghost btn--sm user-bind__toggle">解绑</summary>
      <Form method="post" noValidate preventScrollReset className="user-bind__form" aria-label={`解绑${NAMES[type]}`}>
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          确认解绑
        </button>
        <input type="hidden" name="intent" value="unbind" />
        <input type="hidden" name="type" value={type} />
        <input type="hidden" name="proofFor" value={formKey} />
        <FormError message={mine?.formError} />
        <ProofFields channel={channel} formKey={formKey} errors={mine?.fieldErrors ?? {}} result={mine} />
        <button type="submit" className="btn btn--ghost btn--sm" disabled={busy}>
          {busy ? "解绑中…" : `确认解绑${NAMES[type]}`}
        </button>
      </Form>
    </details>
  );
}

/** Bind a new phone / e-mail, or replace the current one (purpose change), with a code sent to it. */
function BindForm({
  type,
  current,
  channel,
  result,
}: {
  type: BindType;
  current: string | null;
  channel: ProofChannel;
  result: ProfileActionResult | undefined;
}) {
  const navigation = useNavigation();
  const mine =
    result &&
    result.type === type &&
    (result.intent === "bind" || result.intent === "send-code" || result.intent === SEND_REAUTH_CODE_INTENT)
      ? result
      : undefined;
  const { clientErrors, onSubmit } = useSchemaCheck(BindAccountSchema);
  const errors = clientErrors ?? mine?.fieldErrors ?? {};
  const purpose = current ? "change" : "bind";
  const id = (name: string) => `${type}-${name}`;
  const binding =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "bind" &&
    navigation.formData?.get("type") === type &&
    !navigation.formData.getAll("intent").some((intent) => String(intent).startsWith("send-"));
  const sendCodeState = mine?.intent === "send-code" ? (mine.sendCode ?? null) : null;

  return (
    <details className="user-bind__details" open={mine ? true : undefined}>
      <summary className="btn btn--ghost btn--sm user-bind__toggle">
        {current ? `更换${NAMES[type]}` : `绑定${NAMES[type]}`}
      </summary>
      <Form
        method="post"
        noValidate
        preventScrollReset
        className="user-bind__form"
        onSubmit={onSubmit}
        aria-label={`${current ? "更换" : "绑定"}${NAMES[type]}`}
      >
        {/* The default button for Enter (without JS the send-code button comes first in the form). */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          确认
        </button>
        <input type="hidden" name="intent" value="bind" />
        <input type="hidden" name="type" value={type} />
        <input type="hidden" name="purpose" value={purpose} />
        <input type="hidden" name="proofFor" value={type} />
        <FormError message={mine?.formError} />
        <FormField
          id={id("account")}
          name="account"
          label={current ? `新${NAMES[type]}` : NAMES[type]}
          error={errors.account}
        >
          {(props) => (
            <input
              {...props}
              className="input"
              type={type === "phone" ? "tel" : "email"}
              inputMode={type === "phone" ? "numeric" : "email"}
              autoComplete={type === "phone" ? "tel" : "email"}
              maxLength={type === "phone" ? 11 : 100}
              placeholder={type === "phone" ? "请输入 11 位手机号" : "请输入邮箱地址"}
              defaultValue={mine?.values?.account ?? ""}
            />
          )}
        </FormField>
        <CodeField
          id={id("code")}
          error={errors.code}
          defaultValue={mine?.values?.code ?? ""}
          send={{ accountFieldName: "account", purpose, kind: type, state: sendCodeState }}
        />
        <ProofFields channel={channel} formKey={type} errors={errors} result={mine} />
        <button type="submit" className="btn btn--accent btn--sm" disabled={binding}>
          {binding ? "提交中…" : current ? "确认更换" : "确认绑定"}
        </button>
      </Form>
    </details>
  );
}

/** Phone, e-mail and WeChat: what is bound, bind / change / unbind (never the last way in). */
export function UserBindings({
  user,
  result,
  wechat,
}: {
  user: ProfileUser;
  result: ProfileActionResult | undefined;
  wechat: WechatBindView | null;
}) {
  const navigation = useNavigation();
  const onlyOne = waysIn(user) <= 1;
  const channel = proofChannel(user);
  const unbinding = (type: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "unbind" &&
    navigation.formData?.get("type") === type;

  const rows: Array<{ type: BindType; value: string | null; shown: string }> = [
    { type: "phone", value: user.phone, shown: maskPhone(user.phone) },
    { type: "email", value: user.email, shown: maskEmail(user.email) },
  ];

  return (
    <div className="user-binds">
      <ul className="user-binds__list">
        {rows.map((row) => (
          <li key={row.type} className="user-bind" data-bind={row.type}>
            <div className="user-bind__head">
              <span className={`user-bind__icon user-bind__icon--${row.type}`} aria-hidden="true">
                {row.type === "phone" ? "☎" : "@"}
              </span>
              <div className="user-bind__text">
                <p className="user-bind__name">{NAMES[row.type]}</p>
                <p className="user-bind__value" data-testid={`${row.type}-value`}>
                  {row.value ? row.shown : <span className="muted">未绑定</span>}
                </p>
              </div>
              <div className="user-bind__actions">
                {row.value ? (
                  <UnbindForm
                    type={row.type}
                    disabled={onlyOne}
                    busy={unbinding(row.type)}
                    channel={channel}
                    result={result}
                  />
                ) : null}
              </div>
            </div>
            {row.value && onlyOne ? (
              <p className="field__hint user-bind__hint" id={`unbind-${row.type}-hint`}>
                {LAST_WAY_HINT}
              </p>
            ) : null}
            <BindForm
              key={`${row.type}:${row.value ?? ""}`}
              type={row.type}
              current={row.value}
              channel={channel}
              result={result}
            />
          </li>
        ))}
        <li className="user-bind" data-bind="wechat" id="wechat">
          <div className="user-bind__head">
            <span className="user-bind__icon user-bind__icon--wechat" aria-hidden="true">
              微
            </span>
            <div className="user-bind__text">
              <p className="user-bind__name">微信</p>
              <p className="user-bind__value" data-testid="wechat-value">
                {user.wechatBound ? (
                  `已绑定${user.wechatNickname ? `（${user.wechatNickname}）` : ""}`
                ) : (
                  <span className="muted">未绑定</span>
                )}
              </p>
            </div>
            <div className="user-bind__actions">
              {user.wechatBound ? (
                <UnbindForm
                  type="wechat"
                  disabled={onlyOne}
                  busy={unbinding("wechat")}
                  channel={channel}
                  result={result}
                />
              ) : wechat ? (
                <Link to="/user/profile" className="btn btn--ghost btn--sm" preventScrollReset replace>
                  收起
                </Link>
              ) : (
                <Link to="/user/profile?wechat=bind#wechat" className="btn btn--ghost btn--sm" preventScrollReset>
                  扫码绑定
                </Link>
              )}
            </div>
          </div>
          {user.wechatBound && onlyOne ? (
            <p className="field__hint user-bind__hint" id="unbind-wechat-hint">
              {LAST_WAY_HINT}
            </p>
          ) : null}
          {!user.wechatBound && wechat ? <WechatStep wechat={wechat} channel={channel} result={result} /> : null}
        </li>
      </ul>
    </div>
  );
}

function WechatStep({
  wechat,
  channel,
  result,
}: {
  wechat: WechatBindView;
  channel: ProofChannel;
  result: ProfileActionResult | undefined;
}) {
  if (wechat.status === "error") return <p className="notice notice--error">{wechat.message}</p>;
  if (wechat.status === "reauth-required") {
    return (
      <div className="user-bind__wechat">
        <p className="field__hint">{wechat.message}</p>
        <ReauthForm channel={channel} result={result} next="wechat-bind" />
      </div>
    );
  }
  return <WechatQr wechat={wechat} />;
}

/** The embedded WeChat QR frame, with WeChat's own page as the no-JS way. */
export function WechatQr({ wechat }: { wechat: Extract<WechatBindView, { status: "ready" }> }) {
  const action = wechat.purpose === "bind" ? "完成绑定" : "确认是你本人操作";
  return (
    <div className="user-bind__wechat">
      <iframe
        title={wechat.purpose === "bind" ? "微信扫码绑定" : "微信扫码确认身份"}
        src={wechat.frameUrl}
        className="user-bind__wechat-frame"
        sandbox="allow-scripts allow-same-origin allow-top-navigation"
        loading="lazy"
      />
      <p className="field__hint">
        请用微信扫描二维码{action}（{Math.round(wechat.expiresIn / 60)} 分钟内有效）。二维码无法显示？
        <a href={wechat.qrconnectUrl} rel="noopener noreferrer">
          打开微信扫码页面
        </a>
      </p>
    </div>
  );
}
