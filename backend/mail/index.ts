import nodemailer, { type Transporter } from "nodemailer";

export type CodeChannel = "phone" | "email";
export type CodePurpose = "register" | "login" | "reset" | "bind" | "change";

export type DeliveryConfig = {
  smtpUrl?: string;
  smtpFrom: string;
  smsGatewayUrl?: string;
  nodeEnv: "development" | "production" | "test";
};

/** Thrown when a code cannot be delivered; the message is shown to the user. */
export class DeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DeliveryError";
  }
}

export type CodeDelivery = {
  /** True when codes for this channel reach the user (or the development log). */
  canDeliver(channel: CodeChannel): boolean;
  send(channel: CodeChannel, target: string, code: string, purpose: CodePurpose): Promise<void>;
  close(): void;
};

const PURPOSE_NAMES: Record<CodePurpose, string> = {
  register: "注册账号",
  login: "登录",
  reset: "找回密码",
  bind: "绑定账号",
  change: "更换绑定",
};

export function describePurpose(purpose: CodePurpose): string {
  return PURPOSE_NAMES[purpose];
}

/**
 * Delivers verification codes: e-mail over SMTP (nodemailer), SMS through an HTTP gateway
 * (JSON `POST {phone, code, purpose}`). Outside production, a channel without configuration
 * writes the code to the server log instead.
 */
export function createCodeDelivery(config: DeliveryConfig): CodeDelivery {
  let transporter: Transporter | undefined;
  const mailer = () => {
    transporter ??= nodemailer.createTransport({
      url: config.smtpUrl!,
      // Fail fast instead of holding the request for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return transporter;
  };
  const configured = (channel: CodeChannel) => Boolean(channel === "email" ? config.smtpUrl : config.smsGatewayUrl);
  const logOnly = (channel: CodeChannel) => config.nodeEnv !== "production" && !configured(channel);

  return {
    canDeliver(channel) {
      return configured(channel) || logOnly(channel);
    },
    async send(channel, target, code, purpose) {
      if (logOnly(channel)) {
        console.info(`[开发环境验证码] ${channel === "email" ? "邮箱" : "手机"} ${target} 用途 ${purpose}（${describePurpose(purpose)}）验证码 ${code}`);
        return;
      }
      if (channel === "email") {
        if (!config.smtpUrl) throw new DeliveryError("邮件服务未配置，暂时无法发送邮箱验证码");
        try {
          await mailer().sendMail({
            from: config.smtpFrom,
            to: target,
            subject: `【短视频字体】${describePurpose(purpose)}验证码`,
            // Keeps the ASCII code readable in the raw message (and in plain-text mail clients).
            textEncoding: "quoted-printable",
            text: `您的验证码是 ${code}，10 分钟内有效，仅可使用一次。如非本人操作，请忽略本邮件。`,
            html: `<p>您的验证码是 <strong style="font-size:20px;letter-spacing:2px">${code}</strong>，10 分钟内有效，仅可使用一次。</p><p>如非本人操作，请忽略本邮件。</p>`,
          });
        } catch (error) {
          console.error("验证码邮件发送失败", error);
          throw new DeliveryError("验证码邮件发送失败，请稍后再试", { cause: error });
        }
        return;
      }
      if (!config.smsGatewayUrl) throw new DeliveryError("短信服务未配置，暂时无法发送手机验证码");
      let response: Response;
      try {
        response = await fetch(config.smsGatewayUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json; charset=utf-8" },
          body: JSON.stringify({ phone: target, code, purpose }),
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer().catch(() => undefined);
      } catch (error) {
        console.error("短信网关请求失败", error);
        throw new DeliveryError("验证码短信发送失败，请稍后再试", { cause: error });
      }
      if (!response.ok) {
        console.error(`短信网关返回 HTTP ${response.status}`);
        throw new DeliveryError("验证码短信发送失败，请稍后再试");
      }
    },
    close() {
      transporter?.close();
    },
  };
}
