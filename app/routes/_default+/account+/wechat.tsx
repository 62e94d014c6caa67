import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthPage } from "~/components/account/auth-page";
import { viewHref } from "~/components/account/auth-view";
import { LoginTabs } from "~/components/account/login-tabs";
import { WechatPanel, type WechatView } from "~/components/account/wechat-panel";
import { ERROR_CODES } from "@contract/envelope";
import { websiteConfig } from "~/config.server";
import { isApiError } from "~/services/api-client.server";
import { completeWechatLogin, getQrConfig, wechatFrameUrl } from "~/services/wechat.server";
import { errorMessage } from "~/utils/api-errors";
import { getToken } from "~/utils/auth.server";
import {
  clearWechatCookie,
  readWechatCookie,
  redirectLoggedIn,
  safeRedirect,
  serializeWechatCookie,
} from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [{ title: "微信登录 - 短视频字体" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  const url = new URL(request.url);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");

  // The callback: WECHAT_REDIRECT_URI points here.
  if (code !== null || state !== null) {
    const remembered = readWechatCookie(request);
    const clear = { headers: { "Set-Cookie": clearWechatCookie() } };
    if (!code)
      return redirectWithToast("/account/wechat", { type: "error", message: "你取消了微信授权，请重新扫码" }, clear);
    if (!remembered || !state || remembered.state !== state) {
      return redirectWithToast("/account/wechat", { type: "error", message: "登录状态已失效，请重新扫码" }, clear);
    }
    try {
      const result = await completeWechatLogin(caller, { code, state });
      if (result.action === "bind")
        return redirectWithToast(remembered.redirect, { type: "success", message: "微信绑定成功" }, clear);
      // A reauth scan: the current session may now make sensitive changes for a while.
      if (result.token === null)
        return redirectWithToast(
          remembered.redirect,
          { type: "success", message: "已确认是你本人操作，10 分钟内可修改绑定和密码" },
          clear,
        );
      const response = redirectLoggedIn(
        result,
        remembered.redirect,
        result.action === "register" ? "微信登录成功，已为你创建账号" : "登录成功",
      );
      response.headers.append("Set-Cookie", clearWechatCookie());
      return response;
    } catch (error) {
      if (error instanceof Response) throw error;
      return redirectWithToast("/account/wechat", { type: "error", message: errorMessage(error) }, clear);
    }
  }

  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  if (getToken(request)) throw redirect(redirectTo);
  try {
    const config = await getQrConfig(caller, { purpose: "login" });
    const view: WechatView = {
      configured: true,
      state: config.state,
      frameUrl: wechatFrameUrl(config),
      // The external frame cannot load in automated tests: show the placeholder there.
      embed: !websiteConfig.isTest,
      redirectTo,
      message: null,
    };
    return data(
      { view },
      {
        headers: {
          "Set-Cookie": serializeWechatCookie({ state: config.state, redirect: redirectTo }, config.expiresIn),
          "Cache-Control": "no-store",
        },
      },
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    const notConfigured = error.code === ERROR_CODES.wechatNotConfigured;
    const view: WechatView = {
      configured: false,
      state: null,
      frameUrl: null,
      embed: false,
      redirectTo,
      message: notConfigured ? "未配置微信登录" : errorMessage(error),
    };
    return data({ view }, { headers: { "Cache-Control": "no-store" } });
  }
}

export default function WechatPage() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <AuthPage title="微信登录" subtitle="使用微信扫一扫，安全快捷登录">
      <LoginTabs active="wechat" redirectTo={view.redirectTo} />
      <WechatPanel view={view} />
      <p className="auth-form__row auth-form__row--center">
        <Link to={viewHref("password", view.redirectTo)}>使用账号密码登录</Link>
      </p>
    </AuthPage>
  );
}

export const meta = withSocialMeta(pageMeta);
