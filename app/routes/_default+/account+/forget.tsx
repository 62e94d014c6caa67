import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useSubmitBusy } from "~/components/account/form-hints";
import { AuthPage } from "~/components/account/auth-page";
import { viewHref } from "~/components/account/auth-view";
import { ForgetPasswordForm } from "~/components/account/forget-password-form";
import { isResetTicketInvalid, resetPassword, verifyResetCode } from "~/services/account.server";
import {
  ForgetVerifyEmailSchema,
  ForgetVerifyPhoneSchema,
  ResetPasswordSchema,
  accountBy,
  formObject,
  validate,
} from "~/services/account/account-forms";
import { codeSent, failed, invalid } from "~/services/account/account-actions.server";
import { safeRedirect } from "~/utils/session.server";
import { clearResetCookie, readResetCookie, serializeResetCookie } from "~/services/account/reset-ticket-cookie.server";
import { parseFormSubmission } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import { isSendCodeIntent, sendCodeFromForm } from "~/services/account/verification.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [{ title: "找回密码 - 短视频字体" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const step =
    url.searchParams.get("step") === "reset" && readResetCookie(request) ? ("reset" as const) : ("verify" as const);
  return {
    by: accountBy(url.searchParams.get("by"), "email"),
    step,
    redirectTo: safeRedirect(url.searchParams.get("redirect")),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const caller = { request, context };
  const url = new URL(request.url);
  const formData = await parseFormSubmission(request);
  const by = accountBy(url.searchParams.get("by") ?? String(formData.get("by") ?? ""), "email");
  const form = by === "phone" ? "forget-phone" : "forget-email";

  if (formData.get("step") === "reset") {
    const ticket = readResetCookie(request);
    if (!ticket) {
      return invalid(form, formData, {}, { formError: "验证已过期，请重新获取验证码", step: "verify" });
    }
    const parsed = validate(ResetPasswordSchema, formObject(formData));
    if (!parsed.ok) return invalid(form, formData, parsed.fieldErrors, { step: "reset" });
    try {
      await resetPassword(caller, {
        ticket,
        password: parsed.data.password,
        confirmPassword: parsed.data.confirmPassword,
        website: parsed.data.website,
      });
    } catch (error) {
      // A used or expired ticket: start again from step 1.
      const expired = isResetTicketInvalid(error);
      return failed(
        form,
        formData,
        error,
        { step: expired ? "verify" : "reset" },
        expired ? { headers: { "Set-Cookie": clearResetCookie() } } : undefined,
      );
    }
    return redirectWithToast(
      viewHref("password", safeRedirect(url.searchParams.get("redirect"))),
      { type: "success", message: "密码已重置，请重新登录" },
      { headers: { "Set-Cookie": clearResetCookie() } },
    );
  }

  if (isSendCodeIntent(formData)) {
    return codeSent(
      form,
      formData,
      await sendCodeFromForm(caller, formData, { accountFieldName: "account", purpose: "reset", kind: by }),
      { step: "verify" },
    );
  }
  const parsed = validate(by === "phone" ? ForgetVerifyPhoneSchema : ForgetVerifyEmailSchema, formObject(formData));
  if (!parsed.ok) return invalid(form, formData, parsed.fieldErrors, { step: "verify" });
  try {
    const verified = await verifyResetCode(caller, {
      account: parsed.data.account,
      code: parsed.data.code,
      website: parsed.data.website,
    });
    return data(
      { form, values: {}, fieldErrors: {}, formError: null, step: "reset" as const },
      { headers: { "Set-Cookie": serializeResetCookie(verified.ticket, verified.expired) } },
    );
  } catch (error) {
    return failed(form, formData, error, { step: "verify" });
  }
}

export default function ForgetPage() {
  const { by, step, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useSubmitBusy();
  const current = result?.step ?? step;
  return (
    <AuthPage
      title="找回密码"
      subtitle={
        current === "reset"
          ? "身份已验证，请设置新密码"
          : `输入注册时使用的${by === "phone" ? "手机号" : "邮箱"}，获取验证码`
      }
    >
      <ForgetPasswordForm
        key={`${by}-${current}`}
        by={by}
        step={current}
        Form={Form}
        result={result}
        redirectTo={redirectTo}
        busy={busy}
      />
    </AuthPage>
  );
}

export const meta = withSocialMeta(pageMeta);
