import { data } from "@remix-run/node";
import type { WechatBindView } from "~/components/user/user-bindings";
import type { ProfileActionResult } from "~/components/user/user-form-bits";
import {
  bindAccount,
  changePassword,
  getUserInfo,
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
  UnbindAccountSchema,
  createChangePasswordSchema,
  formValues,
} from "~/utils/account/profile-forms";
import { fieldErrors } from "~/utils/account/validation";
import { isSendCodeIntent, sendCodeFromForm } from "~/utils/account/verification.server";
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
 * The WeChat bind QR code: a bind state issued to this user's token, remembered in the short cookie
 * the /account/wechat callback checks.
 */
export async function prepareWechatBind(caller: ApiCaller) {
  try {
    const config = await getQrConfig(caller, { purpose: "bind" });
    const wechat: WechatBindView | null = {
      status: "ready",
      frameUrl: wechatFrameUrl(config),
      qrconnectUrl: config.qrconnectUrl,
      expiresIn: config.expiresIn,
    };
    return data(
      { wechat },
      {
        headers: {
          "Set-Cookie": serializeWechatCookie({ state: config.state, redirect: PROFILE_PATH }, config.expiresIn),
          "Cache-Control": "no-store",
        },
      },
    );
  } catch (error) {
    if (!isApiError(error)) throw error;
    const wechat: WechatBindView | null = { status: "error", message: error.message };
    return data({ wechat });
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
  const { formData } = submission;

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
        await bindAccount(caller, { type: parsed.data.type, account, code });
      } catch (error) {
        return failure(intent, error, { type, values });
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: BIND_SUCCESS[parsed.data.type][purpose] });
    }

    case "unbind": {
      const parsed = UnbindAccountSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return answer({ intent, formError: fieldErrors(parsed.error).type });
      try {
        await unbindAccount(caller, { type: parsed.data.type });
      } catch (error) {
        return failure(intent, error, { type: parsed.data.type });
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
      const input = formValues(formData, ["oldPassword", "newPassword", "confirmPassword"]);
      const parsed = createChangePasswordSchema({ hasPassword }).safeParse(input);
      if (!parsed.success) return answer({ intent, fieldErrors: fieldErrors(parsed.error) });
      const { oldPassword, newPassword, confirmPassword } = parsed.data;
      try {
        await changePassword(caller, { newPassword, confirmPassword, ...(hasPassword ? { oldPassword } : {}) });
      } catch (error) {
        return failure(intent, error);
      }
      return redirectWithToast(PROFILE_PATH, { type: "success", message: "密码已修改，其他设备已退出登录" });
    }

    default:
      return answer({ intent, formError: "输入的数据不合法!" });
  }
}
