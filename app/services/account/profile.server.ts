import { data } from "@remix-run/node";
import { REAUTH_REQUIRED_CODE } from "@contract/account";
import { COMMON_PASSWORD_MESSAGE } from "@contract/fields";
import type { WechatBindView } from "~/components/user/user-bindings";
import type { ProfileActionResult } from "~/components/user/user-form-bits";
import {
  bindAccount,
  changePassword,
  endUserSession,
  getUserInfo,
  listUserSessions,
  reauthenticate,
  unbindAccount,
  updateAvatar,
  updateProfile,
} from "~/services/account.server";
import { isApiError, type ApiCaller } from "~/services/api-client.server";
import { getQrConfig, wechatFrameUrl } from "~/services/wechat.server";
import {
  AVATAR_MAX_BYTES,
  AVATAR_MISSING_MESSAGE,
  AVATAR_TOO_LARGE_MESSAGE,
  BindAccountSchema,
  BindSendCodeSchema,
  ProfileInfoSchema,
  ProofSchema,
  ReauthSchema,
  UnbindAccountSchema,
  createChangePasswordSchema,
  formValues,
} from "~/services/account/profile-forms";
import { fieldErrors } from "~/services/account/validation";
import { isSendCodeIntent, sendCodeFromForm, sendVerificationCode } from "~/services/account/verification.server";
import { clearTokenCookies } from "~/utils/auth.server";
import { errorMessage } from "~/utils/api-errors";
import { formProblemResponse, readFormSubmission } from "~/utils/form-data.server";
import { serializeWechatCookie } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

const PROFILE_PATH = "/user/profile";
/** What a post may hold in all: the avatar limit plus room for the other fields. */
const MAX_BODY_BYTES = AVATAR_MAX_BYTES + 256 * 1024;
/** `x,y,w,h` in the image's pixels, as the cropper posts it. */
const CROP_PATTERN = /^\d+(?:\.\d+)?(?:,\d+(?:\.\d+)?){3}$/;

/**
 * The WeChat QR code to bind (only within the session's re-authentication window: otherwise the
 * proof step comes first) or to prove who the user is with the bound WeChat. The state is
 * remembered in the short cookie the /account/wechat callback checks.
 */
export async function prepareWechatStep(caller: ApiCaller, purpose: "bind" | "reauth") {
  try {
    const config = await getQrConfig(caller, { purpose });
    const wechat: WechatBindView = {
      status: "ready",
      purpose,
      frameUrl: wechatFrameUrl(config),
      qrconnectUrl: config.qrconnectUrl,
      expiresIn: config.expiresIn,
    };
    return { wechat, cookie: serializeWechatCookie({ state: config.state, redirect: PROFILE_PATH }, config.expiresIn) };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const wechat: WechatBindView =
      error.code === REAUTH_REQUIRED_CODE
        ? { status: "reauth-required", message: "绑定微信前，请先确认是你本人操作" }
        : { status: "error", message: refusalMessage(error) };
    return { wechat, cookie: null };
  }
}

/** The signed-in devices, or null when the list cannot be had (the rest of the page still works). */
export async function loadSessions(caller: ApiCaller) {
  try {
    return await listUserSessions(caller);
  } catch (error) {
    if (!isApiError(error)) throw error;
    return null;
  }
}

/**
 * A refusal that belongs beside the proof field: no proof within the window (403), or the proof was
 * wrong. The user is asked again for the password or code.
 */
function proofErrors(error: unknown, formData: FormData): Record<string, string> | null {
  if (!isApiError(error)) return null;
  // The backend's own words say what proof it wants (the generic 403 text would not).
  const message = error.serverMessage ?? errorMessage(error);
  const field = formData.has("verifyCode") ? "verifyCode" : "currentPassword";
  if (error.code === REAUTH_REQUIRED_CODE || error.status === 403) return { [field]: message };
  if (error.serverMessage === "当前密码不正确") return { currentPassword: message };
  if (formData.has("verifyCode") && !formData.has("code") && /验证码/.test(message)) return { verifyCode: message };
  return null;
}

function proofOf(formData: FormData) {
  const parsed = ProofSchema.safeParse(formValues(formData, ["currentPassword", "verifyCode"]));
  return parsed.success ? parsed.data : {};
}

/** 403, 404 and 409 carry the backend's own words (what proof, which device, retry); others the usual text. */
function refusalMessage(error: unknown): string {
  if (isApiError(error) && [403, 404, 409].includes(error.status) && error.serverMessage) return error.serverMessage;
  return errorMessage(error);
}

function answer(result: ProfileActionResult) {
  // 200 on purpose: the page re-renders with the messages (a 4xx would be a console error in browsers).
  return data(result, { headers: { "Cache-Control": "no-store" } });
}

function failure(intent: string, error: unknown, extra: Partial<ProfileActionResult> = {}) {
  if (error instanceof Response) throw error;
  if (!isApiError(error)) console.error("个人资料操作失败", error);
  return answer({ intent, formError: refusalMessage(error), ...extra });
}

const BIND_SUCCESS = {
  phone: { bind: "手机号已绑定", change: "手机号已更换" },
  email: { bind: "邮箱已绑定", change: "邮箱已更换" },
} as const;
const UNBIND_SUCCESS = { phone: "已解绑手机号", email: "已解绑邮箱", wechat: "已解绑微信" } as const;

/** Every form of /user/profile posts here, told apart by `intent`. */
export async function handleProfileForm(caller: ApiCaller) {
  const submission = await readFormSubmission(caller.request, {
    maxBytes: MAX_BODY_BYTES,
    allowFiles: true,
    maxFileBytes: AVATAR_MAX_BYTES,
  });
  if (!submission.ok) {
    // Only the avatar form posts this much: say so on the form rather than on an error page.
    if (submission.problem === "too-large") return answer({ intent: "avatar", formError: AVATAR_TOO_LARGE_MESSAGE });
    throw formProblemResponse(submission);
  }
  try {
    if (submission.oversized.length > 0) return answer({ intent: "avatar", formError: AVATAR_TOO_LARGE_MESSAGE });
    return await handleProfileIntent(caller, submission.formData);
  } finally {
    await submission.discard();
  }
}

async function handleProfileIntent(caller: ApiCaller, formData: FormData) {
  const proofFor = String(formData.get("proofFor") ?? "");
  if (formData.getAll("intent").includes("send-reauth-code")) {
    const values = formValues(formData, ["account", "code"]);
    const sendCode = await sendVerificationCode(caller, {
      account: String(formData.get("reauthAccount") ?? ""),
      purpose: "reauth",
    });
    return answer({ intent: "send-reauth-code", type: proofFor, sendCode, values });
  }

  if (isSendCodeIntent(formData)) {
    const parsed = BindSendCodeSchema.safeParse(Object.fromEntries(formData));
    const values = formValues(formData, ["account", "code"]);
    const type = String(formData.get("type") ?? "");
    if (!parsed.success) return answer({ intent: "send-code", type, fieldErrors: fieldErrors(parsed.error), values });
    const sendCode = await sendCodeFromForm(caller, formData, {
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
        await updateProfile(caller, parsed.data);
      } catch (error) {
        return failure(intent, error, { values });
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: "资料已更新" });
    }

    case "avatar": {
      const file = formData.get("avatar");
      if (!(file instanceof File) || file.size === 0) return answer({ intent, formError: AVATAR_MISSING_MESSAGE });
      const crop = formData.get("crop");
      try {
        // The backend checks the content (not the name), crops to a centred square when no crop is given.
        await updateAvatar(caller, file, typeof crop === "string" && CROP_PATTERN.test(crop) ? crop : undefined);
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
        await bindAccount(caller, { type: parsed.data.type, account, code, ...proofOf(formData) });
      } catch (error) {
        const proof = proofErrors(error, formData);
        if (proof) return answer({ intent, type, fieldErrors: proof, values });
        return failure(intent, error, { type, values });
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: BIND_SUCCESS[parsed.data.type][purpose] });
    }

    case "unbind": {
      const parsed = UnbindAccountSchema.safeParse(formValues(formData, ["type", "currentPassword", "verifyCode"]));
      if (!parsed.success) return answer({ intent, type: proofFor, fieldErrors: fieldErrors(parsed.error) });
      try {
        await unbindAccount(caller, parsed.data);
      } catch (error) {
        const proof = proofErrors(error, formData);
        if (proof) return answer({ intent, type: proofFor, fieldErrors: proof });
        return failure(intent, error, { type: proofFor });
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: UNBIND_SUCCESS[parsed.data.type] });
    }

    case "password": {
      let hasPassword: boolean;
      try {
        ({ hasPassword } = await getUserInfo(caller));
      } catch (error) {
        return failure(intent, error);
      }
      const input = formValues(formData, ["oldPassword", "newPassword", "confirmPassword", "verifyCode"]);
      const parsed = createChangePasswordSchema({ hasPassword }).safeParse(input);
      if (!parsed.success) return answer({ intent, fieldErrors: fieldErrors(parsed.error) });
      const { oldPassword, newPassword, confirmPassword, verifyCode } = parsed.data;
      try {
        await changePassword(caller, {
          newPassword,
          confirmPassword,
          ...(hasPassword ? { oldPassword } : verifyCode ? { verifyCode } : {}),
        });
      } catch (error) {
        // A refused common password is kept in the fields so that the user can change it rather than retype it.
        if (isApiError(error) && error.serverMessage === COMMON_PASSWORD_MESSAGE) {
          return answer({
            intent,
            fieldErrors: { newPassword: COMMON_PASSWORD_MESSAGE },
            values: { newPassword, confirmPassword },
          });
        }
        const proof = hasPassword ? null : proofErrors(error, formData);
        if (proof) return answer({ intent, fieldErrors: proof, values: { verifyCode: verifyCode ?? "" } });
        return failure(intent, error);
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: "密码已修改，其他设备已退出登录" });
    }

    case "reauth": {
      const values = formValues(formData, ["verifyCode"]);
      const parsed = ReauthSchema.safeParse(formValues(formData, ["currentPassword", "verifyCode"]));
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        const message = Object.values(errors)[0] ?? "请输入当前密码或验证码";
        const field = formData.has("verifyCode") ? "verifyCode" : "currentPassword";
        return answer({ intent, type: proofFor, fieldErrors: { [field]: errors[field] ?? message }, values });
      }
      try {
        await reauthenticate(caller, parsed.data);
      } catch (error) {
        const proof = proofErrors(error, formData);
        if (proof) return answer({ intent, type: proofFor, fieldErrors: proof, values });
        return failure(intent, error, { type: proofFor, values });
      }
      const next = formData.get("next") === "wechat-bind" ? `${PROFILE_PATH}?wechat=bind#wechat` : PROFILE_PATH;
      return redirectWithToast(next, {
        type: "success",
        message: "已确认是你本人操作，10 分钟内修改绑定和密码无需再次确认",
      });
    }

    case "end-session": {
      const id = Number(formData.get("id"));
      if (!Number.isInteger(id) || id <= 0) return answer({ intent, formError: "会话编号不正确" });
      const sessions = await loadSessions(caller);
      const ended = sessions?.find((session) => session.id === id);
      try {
        await endUserSession(caller, id);
      } catch (error) {
        return failure(intent, error);
      }
      if (ended?.current) {
        const headers = new Headers();
        for (const cookie of clearTokenCookies()) headers.append("Set-Cookie", cookie);
        return redirectWithToast("/", { type: "success", message: "已退出当前设备" }, { headers });
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: "已退出该设备" });
    }

    default:
      return answer({ intent, formError: "输入的数据不合法!" });
  }
}
