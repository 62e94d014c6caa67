import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useSubmitBusy } from "~/components/account/form-hints";
import { AuthPage } from "~/components/account/auth-page";
import { CodeLoginForm } from "~/components/account/code-login-form";
import { LoginTabs } from "~/components/account/login-tabs";
import { PasswordLoginForm } from "~/components/account/password-login-form";
import { loginWithCode, loginWithPassword } from "~/services/account.server";
import { getToken } from "~/utils/auth.server";
import {
  LoginCodeSchema,
  LoginPasswordSchema,
  formObject,
  loginMode,
  validate,
} from "~/services/account/account-forms";
import { codeSent, failed, invalid } from "~/services/account/account-actions.server";
import { redirectLoggedIn, safeRedirect } from "~/utils/session.server";
import { parseFormSubmission } from "~/utils/form-data.server";
import { isSendCodeIntent, sendCodeFromForm } from "~/services/account/verification.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [{ title: "登录 - 短视频字体" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  if (getToken(request)) throw redirect(redirectTo);
  return { mode: loginMode(url.searchParams.get("mode")), redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const caller = { request, context };
  const url = new URL(request.url);
  const formData = await parseFormSubmission(request);
  const mode = loginMode(url.searchParams.get("mode") ?? String(formData.get("mode") ?? ""));
  const redirectTo = safeRedirect(formData.get("redirect") ?? url.searchParams.get("redirect"));

  if (mode === "code") {
    if (isSendCodeIntent(formData)) {
      return codeSent(
        "code",
        formData,
        await sendCodeFromForm(caller, formData, { accountFieldName: "phone", purpose: "login", kind: "phone" }),
      );
    }
    const parsed = validate(LoginCodeSchema, formObject(formData));
    if (!parsed.ok) return invalid("code", formData, parsed.fieldErrors);
    try {
      const login = await loginWithCode(caller, {
        phone: parsed.data.phone,
        code: parsed.data.code,
        website: parsed.data.website,
      });
      return redirectLoggedIn(login, redirectTo);
    } catch (error) {
      return failed("code", formData, error);
    }
  }

  const parsed = validate(LoginPasswordSchema, formObject(formData));
  if (!parsed.ok) return invalid("password", formData, parsed.fieldErrors);
  try {
    const login = await loginWithPassword(caller, {
      account: parsed.data.account,
      password: parsed.data.password,
      website: parsed.data.website,
    });
    return redirectLoggedIn(login, redirectTo);
  } catch (error) {
    return failed("password", formData, error);
  }
}

export default function LoginPage() {
  const { mode, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useSubmitBusy();
  return (
    <AuthPage title="登录" subtitle="登录后可收藏字体、对比字体、查看下载记录">
      <LoginTabs active={mode} redirectTo={redirectTo} />
      {mode === "code" ? (
        <CodeLoginForm key="code" Form={Form} result={result} redirectTo={redirectTo} busy={busy} />
      ) : (
        <PasswordLoginForm key="password" Form={Form} result={result} redirectTo={redirectTo} busy={busy} />
      )}
    </AuthPage>
  );
}

export const meta = withSocialMeta(pageMeta);
