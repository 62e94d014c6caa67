import path from "node:path";
import { z } from "zod";

/** Settings of the account module, read from the environment by readAccountConfig. */
export type AccountConfig = {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset = no e-mail delivery. */
  smtpUrl?: string;
  /** Sender of code e-mails, e.g. `短视频字体 <no-reply@example.com>`. */
  smtpFrom: string;
  /** HTTP endpoint receiving `POST {phone, code, purpose}` as JSON; unset = no SMS delivery. */
  smsGatewayUrl?: string;
  wechatAppId?: string;
  wechatSecret?: string;
  /** Base of WeChat's API, `https://api.weixin.qq.com` unless a test or proxy says otherwise. */
  wechatApiBase: string;
  /** Where WeChat sends the browser after a scan (the website's /account/wechat page). */
  wechatRedirectUri?: string;
  /** False only with CAPTCHA=off, which production refuses. */
  captchaEnabled: boolean;
  nodeEnv: "development" | "production" | "test";
  /** Avatars are stored under `${dataDir}/uploads/avatars`. */
  dataDir: string;
};

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

const optionalUrl = (example: string) => optional.pipe(z.string().url(`必须是完整的网址，例如 ${example}`).optional());

const envSchema = z.object({
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "必须以 smtp:// 或 smtps:// 开头，例如 smtp://user:pass@smtp.example.com:587")
      .optional(),
  ),
  SMTP_FROM: optional,
  SMS_GATEWAY_URL: optionalUrl("https://sms.example.com/send"),
  WECHAT_APPID: optional,
  WECHAT_SECRET: optional,
  WECHAT_API_BASE: optionalUrl("https://api.weixin.qq.com"),
  WECHAT_REDIRECT_URI: optionalUrl("https://www.example.com/account/wechat"),
  CAPTCHA: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => value || "on")
    .pipe(z.enum(["on", "off"], { errorMap: () => ({ message: "只能是 on 或 off" }) })),
  NODE_ENV: z
    .string()
    .optional()
    .transform((value) => value || "production")
    .pipe(
      z.enum(["development", "production", "test"], {
        errorMap: () => ({ message: "只能是 development、production 或 test" }),
      }),
    ),
  DATA_DIR: z
    .string()
    .optional()
    .transform((value) => value || "data"),
});

export function readAccountConfig(env: Record<string, string | undefined>): AccountConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`账号模块的环境变量配置有误：\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  if (e.CAPTCHA === "off" && e.NODE_ENV === "production") {
    throw new Error("生产环境（NODE_ENV=production）不允许关闭验证码：请删除 CAPTCHA=off 后再启动");
  }
  if (e.WECHAT_APPID && !e.WECHAT_SECRET) {
    throw new Error("已设置 WECHAT_APPID，但缺少 WECHAT_SECRET：微信登录需要两者同时配置");
  }
  if (e.WECHAT_APPID && !e.WECHAT_REDIRECT_URI) {
    throw new Error(
      "已设置 WECHAT_APPID，但缺少 WECHAT_REDIRECT_URI（微信扫码后回到网站的地址，例如 https://www.example.com/account/wechat）",
    );
  }
  return {
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? "短视频字体 <no-reply@localhost>",
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    wechatAppId: e.WECHAT_APPID,
    wechatSecret: e.WECHAT_SECRET,
    wechatApiBase: (e.WECHAT_API_BASE ?? "https://api.weixin.qq.com").replace(/\/+$/, ""),
    wechatRedirectUri: e.WECHAT_REDIRECT_URI,
    captchaEnabled: e.CAPTCHA === "on",
    nodeEnv: e.NODE_ENV,
    dataDir: path.resolve(e.DATA_DIR),
  };
}
