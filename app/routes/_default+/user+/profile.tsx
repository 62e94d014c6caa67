import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import cropperStyles from "cropperjs/dist/cropper.css";
import { UserAvatarForm } from "~/components/user/user-avatar-form";
import { UserBindings, type WechatBindView } from "~/components/user/user-bindings";
import type { ProfileActionResult } from "~/components/user/user-form-bits";
import { UserInfoForm } from "~/components/user/user-info-form";
import { UserPasswordForm } from "~/components/user/user-password-form";
import type { UserLayoutData } from "~/routes/_default+/user+/_layout";
import { apiGet, apiPostForm, apiPut, isApiError } from "~/utils/api.server";
import { errorMessage } from "~/utils/api-errors";
import { requireAuthGuard } from "~/utils/auth.server";
import {
  AVATAR_MAX_BYTES,
  AVATAR_MISSING_MESSAGE,
  AVATAR_TOO_LARGE_MESSAGE,
  BindAccountSchema,
  BindSendCodeSchema,
  ProfileInfoSchema,
  UnbindAccountSchema,
  createChangePasswordSchema,
  formValues,
  formatMemberSince,
  genderLabel,
  maskEmail,
  maskPhone,
  type ProfileUser,
} from "~/utils/account/profile-forms";
import { fieldErrors } from "~/utils/account/validation";
import { formProblemResponse, readFormSubmission } from "~/utils/form-data.server";
import { serializeWechatCookie, wechatFrameUrl, type WechatQrConfig } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { isSendCodeIntent, sendCodeFromForm } from "~/utils/account/verification.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cropperStyles }];

export const meta: MetaFunction = () => [{ title: "个人资料 - 短视频字体" }, { name: "robots", content: "noindex" }];

const PROFILE_PATH = "/user/profile";
/** What a post may hold in all: the avatar limit plus room for the other fields. */
const MAX_BODY_BYTES = AVATAR_MAX_BYTES + 256 * 1024;

/**
 * The page shows the user the layout loaded; this loader only prepares the WeChat bind QR code when
 * asked (`?wechat=bind`): a bind state issued to this user's token, remembered in the short cookie
 * the /account/wechat callback checks.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  requireAuthGuard(request);
  const url = new URL(request.url);
  if (url.searchParams.get("wechat") !== "bind") return data({ wechat: null as WechatBindView | null });
  try {
    const config = await apiGet<WechatQrConfig>(request, "/web/api/wechat/qr-config");
    const expiresIn = config.expiresIn || 600;
    const wechat: WechatBindView = { status: "ready", frameUrl: wechatFrameUrl(config), qrconnectUrl: config.qrconnectUrl ?? "", expiresIn };
    return data(
      { wechat },
      {
        headers: {
          "Set-Cookie": serializeWechatCookie({ state: config.state, redirect: PROFILE_PATH }, expiresIn),
          "Cache-Control": "no-store",
        },
      },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    return data({ wechat: { status: "error", message: errorMessage(error) } as WechatBindView | null });
  }
}

function answer(result: ProfileActionResult) {
  // 200 on purpose: the page re-renders with the messages (a 4xx would be a console error in browsers).
  return data(result, { headers: { "Cache-Control": "no-store" } });
}

function failure(intent: string, error: unknown, extra: Partial<ProfileActionResult> = {}) {
  if (error instanceof Response) throw error;
  if (!isApiError(error)) console.error("个人资料操作失败", error);
  return answer({ intent, formError: errorMessage(error), ...extra });
}

const BIND_SUCCESS = {
  phone: { bind: "手机号已绑定", change: "手机号已更换" },
  email: { bind: "邮箱已绑定", change: "邮箱已更换" },
} as const;
const UNBIND_SUCCESS = { phone: "已解绑手机号", email: "已解绑邮箱", wechat: "已解绑微信" } as const;

export async function action({ request }: ActionFunctionArgs) {
  requireAuthGuard(request);
  const submission = await readFormSubmission(request, { maxBytes: MAX_BODY_BYTES, allowFiles: true, maxFileBytes: AVATAR_MAX_BYTES });
  if (!submission.ok) {
    // Only the avatar form posts this much: say so on the form rather than on an error page.
    if (submission.problem === "too-large") return answer({ intent: "avatar", formError: AVATAR_TOO_LARGE_MESSAGE });
    throw formProblemResponse(submission);
  }
  const { formData } = submission;

  if (isSendCodeIntent(formData)) {
    const parsed = BindSendCodeSchema.safeParse(Object.fromEntries(formData));
    const values = formValues(formData, ["account", "code"]);
    const type = String(formData.get("type") ?? "");
    if (!parsed.success) return answer({ intent: "send-code", type, fieldErrors: fieldErrors(parsed.error), values });
    const sendCode = await sendCodeFromForm(request, formData, {
      accountFieldName: "account",
      purpose: parsed.data.purpose,
      kind: parsed.data.type,
    });
    return answer({ intent: "send-code", type, sendCode, values });
  }

  const intent = String(formData.get("intent") ?? "");
  switch (intent) {
    case "update-info": {
      const values = formValues(formData, ["nickname", "gender", "birthday", "city", "bio"]);
      const parsed = ProfileInfoSchema.safeParse(values);
      if (!parsed.success) return answer({ intent, fieldErrors: fieldErrors(parsed.error), values });
      try {
        await apiPostForm(request, "/web/api/account/update-account-info", parsed.data);
      } catch (error) {
        return failure(intent, error, { values });
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: "资料已更新" });
    }

    case "avatar": {
      const file = formData.get("avatar");
      if (!(file instanceof File) || file.size === 0) return answer({ intent, formError: AVATAR_MISSING_MESSAGE });
      if (file.size > AVATAR_MAX_BYTES) return answer({ intent, formError: AVATAR_TOO_LARGE_MESSAGE });
      const crop = formData.get("crop");
      const fields: Record<string, File | string> = { avatar: file };
      if (typeof crop === "string" && /^\d+(?:\.\d+)?(?:,\d+(?:\.\d+)?){3}$/.test(crop)) fields.crop = crop;
      try {
        // The backend checks the content (not the name), crops to a centred square when no crop is given.
        await apiPostForm(request, "/web/api/account/update-account-info", fields);
      } catch (error) {
        return failure(intent, error);
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: "头像已更新" });
    }

    case "bind": {
      const values = formValues(formData, ["account", "code"]);
      const type = String(formData.get("type") ?? "");
      const parsed = BindAccountSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return answer({ intent, type, fieldErrors: fieldErrors(parsed.error), values });
      const { account, code, purpose } = parsed.data;
      try {
        await apiPut(request, "/web/api/account/bind-account", { type: parsed.data.type, account, code });
      } catch (error) {
        return failure(intent, error, { type, values });
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: BIND_SUCCESS[parsed.data.type][purpose] });
    }

    case "unbind": {
      const parsed = UnbindAccountSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return answer({ intent, formError: fieldErrors(parsed.error).type });
      try {
        await apiPut(request, "/web/api/account/unbind-account", { type: parsed.data.type });
      } catch (error) {
        return failure(intent, error, { type: parsed.data.type });
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: UNBIND_SUCCESS[parsed.data.type] });
    }

    case "password": {
      let user: ProfileUser;
      try {
        user = await apiGet<ProfileUser>(request, "/web/api/account/user-info");
      } catch (error) {
        return failure(intent, error);
      }
      const input = formValues(formData, ["oldPassword", "newPassword", "confirmPassword"]);
      const parsed = createChangePasswordSchema({ hasPassword: user.hasPassword }).safeParse(input);
      if (!parsed.success) return answer({ intent, fieldErrors: fieldErrors(parsed.error) });
      const body: Record<string, string> = { newPassword: parsed.data.newPassword, confirmPassword: parsed.data.confirmPassword };
      if (user.hasPassword) body.oldPassword = parsed.data.oldPassword;
      try {
        await apiPut(request, "/web/api/account/update-account-pwd", body);
      } catch (error) {
        return failure(intent, error);
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: "密码已修改，其他设备已退出登录" });
    }

    default:
      return answer({ intent, formError: "输入的数据不合法!" });
  }
}

function InfoRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="user-facts__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children || <span className="muted">未填写</span>}</dd>
    </div>
  );
}

export default function ProfilePage() {
  const { user, avatarUrl } = useRouteLoaderData("routes/_default+/user+/_layout") as UserLayoutData;
  const { wechat } = useLoaderData() as { wechat: WechatBindView | null };
  const result = useActionData<typeof action>() as ProfileActionResult | undefined;

  return (
    <div className="user-page">
      <header className="page-head user-page__head">
        <h1 className="page-head__title">个人资料</h1>
        <p className="page-head__lead">管理你的头像、资料、登录方式和密码。</p>
      </header>

      <section className="card user-card" aria-labelledby="overview-title">
        <h2 id="overview-title" className="user-card__title">
          基本信息
        </h2>
        <div className="user-overview">
          <UserAvatarForm avatarUrl={avatarUrl} nickname={user.nickname} result={result} />
          <dl className="user-facts">
            <InfoRow label="昵称" testId="fact-nickname">
              {user.nickname}
            </InfoRow>
            <InfoRow label="性别" testId="fact-gender">
              {genderLabel(user.gender)}
            </InfoRow>
            <InfoRow label="生日" testId="fact-birthday">
              {user.birthday}
            </InfoRow>
            <InfoRow label="城市" testId="fact-city">
              {user.city}
            </InfoRow>
            <InfoRow label="个性签名" testId="fact-bio">
              {user.bio ?? user.signature}
            </InfoRow>
            <InfoRow label="手机号" testId="fact-phone">
              {user.phone ? maskPhone(user.phone) : ""}
            </InfoRow>
            <InfoRow label="邮箱" testId="fact-email">
              {user.email ? maskEmail(user.email) : ""}
            </InfoRow>
            <InfoRow label="微信" testId="fact-wechat">
              {user.wechatBound ? "已绑定" : "未绑定"}
            </InfoRow>
            <InfoRow label="登录密码" testId="fact-password">
              {user.hasPassword ? "已设置" : "未设置"}
            </InfoRow>
            <InfoRow label="注册时间">{formatMemberSince(user.createdAt)}</InfoRow>
          </dl>
        </div>
      </section>

      <section className="card user-card" aria-labelledby="info-title">
        <h2 id="info-title" className="user-card__title">
          编辑资料
        </h2>
        <UserInfoForm user={user} result={result} />
      </section>

      <section className="card user-card" aria-labelledby="binds-title">
        <h2 id="binds-title" className="user-card__title">
          账号绑定
        </h2>
        <p className="user-card__lead muted">手机号、邮箱和微信都可以用来登录，至少保留一种。</p>
        <UserBindings user={user} result={result} wechat={wechat} />
      </section>

      <section className="card user-card" aria-labelledby="password-title">
        <h2 id="password-title" className="user-card__title">
          {user.hasPassword ? "修改密码" : "设置密码"}
        </h2>
        <UserPasswordForm hasPassword={user.hasPassword} account={user.email ?? user.phone ?? ""} result={result} />
      </section>
    </div>
  );
}
