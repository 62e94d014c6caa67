import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useSubmitBusy } from "~/components/account/form-hints";
import { AuthPage } from "~/components/account/auth-page";
import { RegisterForm } from "~/components/account/register-form";
import { registerWithEmail, registerWithPhone } from "~/services/account.server";
import { getToken } from "~/utils/auth.server";
import {
  RegisterEmailSchema,
  RegisterPhoneSchema,
  accountBy,
  formObject,
  validate,
} from "~/services/account/account-forms";
import { codeSent, failed, invalid } from "~/services/account/account-actions.server";
import { redirectLoggedIn, safeRedirect } from "~/utils/session.server";
import { parseFormSubmission } from "~/utils/form-data.server";
import { isSendCodeIntent, sendCodeFromForm } from "~/services/account/verification.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [{ title: "注册 - 短视频字体" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirect"));
  if (getToken(request)) throw redirect(redirectTo);
  return { by: accountBy(url.searchParams.get("by")), redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const caller = { request, context };
  const url = new URL(request.url);
  const formData = await parseFormSubmission(request);
  const by = accountBy(url.searchParams.get("by") ?? String(formData.get("by") ?? ""));
  const form = by === "phone" ? "register-phone" : "register-email";
  const redirectTo = safeRedirect(formData.get("redirect") ?? url.searchParams.get("redirect"));

  if (isSendCodeIntent(formData)) {
    return codeSent(
      form,
      formData,
      await sendCodeFromForm(caller, formData, { accountFieldName: by, purpose: "register", kind: by }),
    );
  }
  const fields = formObject(formData);
  const parsed = by === "phone" ? validate(RegisterPhoneSchema, fields) : validate(RegisterEmailSchema, fields);
  if (!parsed.ok) return invalid(form, formData, parsed.fieldErrors);
  const { code, password, confirmPassword, nickname, website } = parsed.data;
  const details = { code, password, confirmPassword, website, ...(nickname ? { nickname } : {}) };
  try {
    const login =
      "phone" in parsed.data
        ? await registerWithPhone(caller, { ...details, phone: parsed.data.phone })
        : await registerWithEmail(caller, { ...details, email: parsed.data.email });
    return redirectLoggedIn(login, redirectTo, "注册成功，已为你登录");
  } catch (error) {
    return failed(form, formData, error);
  }
}

export default function RegisterPage() {
  const { by, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useSubmitBusy();
  return (
    <AuthPage title="注册账号" subtitle="用手机号或邮箱注册，收藏和下载你喜欢的字体">
      <RegisterForm key={by} by={by} Form={Form} result={result} redirectTo={redirectTo} busy={busy} />
    </AuthPage>
  );
}

export const meta = withSocialMeta(pageMeta);
