import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import cropperStyles from "cropperjs/dist/cropper.css?url";
import { UserAvatarForm } from "~/components/user/user-avatar-form";
import { UserBindings } from "~/components/user/user-bindings";
import { UserInfoForm } from "~/components/user/user-info-form";
import { UserPasswordForm } from "~/components/user/user-password-form";
import { ReauthForm } from "~/components/user/user-proof";
import { UserSessions } from "~/components/user/user-sessions";
import { WechatQr } from "~/components/user/user-bindings";
import type { loader as userLayoutLoader } from "./_layout";
import { requireAuthGuard } from "~/utils/auth.server";
import { formatMemberSince, genderLabel, maskEmail, maskPhone, proofChannel } from "~/services/account/profile-forms";
import { handleProfileForm, loadSessions, prepareWechatStep } from "~/services/account/profile.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cropperStyles }];

const pageMeta: MetaFunction = () => [{ title: "个人资料 - 短视频字体" }, { name: "robots", content: "noindex" }];

/**
 * The signed-in devices, and with `?wechat=bind` or `?wechat=reauth` a WeChat QR code; the rest of
 * the page shows the user the layout loaded.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAuthGuard(request);
  const caller = { request, context };
  const step = new URL(request.url).searchParams.get("wechat");
  const [sessions, wechat] = await Promise.all([
    loadSessions(caller),
    step === "bind" || step === "reauth" ? prepareWechatStep(caller, step) : null,
  ]);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (wechat?.cookie) headers.append("Set-Cookie", wechat.cookie);
  return data({ sessions, wechat: wechat?.wechat ?? null }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireAuthGuard(request);
  return handleProfileForm({ request, context });
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
  const layout = useRouteLoaderData<typeof userLayoutLoader>("routes/_default+/user+/_layout");
  const { wechat, sessions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // The page renders inside the user layout, whose loader has already loaded the user.
  if (!layout) return null;
  const { user, avatarUrl } = layout;
  const channel = proofChannel(user);
  const reauthQr = wechat?.status === "ready" && wechat.purpose === "reauth" ? wechat : null;

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
              {user.bio}
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

      <section className="card user-card" aria-labelledby="security-title" id="security">
        <h2 id="security-title" className="user-card__title">
          确认是你本人操作
        </h2>
        <p className="user-card__lead muted">
          绑定、更换、解绑和修改密码前需要确认身份。在这里确认一次，10 分钟内这些操作无需再次确认。
        </p>
        <ReauthForm channel={channel} result={result} />
        {user.wechatBound ? (
          reauthQr ? (
            <WechatQr wechat={reauthQr} />
          ) : (
            <p className="field__hint">
              也可以
              <a href="/user/profile?wechat=reauth#security">用已绑定的微信扫码确认</a>
            </p>
          )
        ) : null}
        {user.wechatBound && wechat?.status === "error" ? (
          <p className="notice notice--error">{wechat.message}</p>
        ) : null}
      </section>

      <section className="card user-card" aria-labelledby="binds-title">
        <h2 id="binds-title" className="user-card__title">
          账号绑定
        </h2>
        <p className="user-card__lead muted">手机号、邮箱和微信都可以用来登录，至少保留一种。</p>
        <UserBindings user={user} result={result} wechat={reauthQr ? null : wechat} />
      </section>

      <section className="card user-card" aria-labelledby="password-title">
        <h2 id="password-title" className="user-card__title">
          {user.hasPassword ? "修改密码" : "设置密码"}
        </h2>
        <UserPasswordForm
          hasPassword={user.hasPassword}
          channel={channel}
          account={user.email ?? user.phone ?? ""}
          result={result}
        />
      </section>

      <section className="card user-card" aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="user-card__title">
          登录设备
        </h2>
        <p className="user-card__lead muted">你的账号当前在这些设备上登录。不认识的设备，请退出它并修改密码。</p>
        <UserSessions sessions={sessions} result={result} />
      </section>
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
