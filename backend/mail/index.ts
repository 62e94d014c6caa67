import nodemailer, { type Transporter } from "nodemailer";

import { CODE_PURPOSE_NAMES, type CodePurpose } from "../../contract/fields.js";
import type { Outbox } from "./outbox.js";

export type { CodePurpose };
export type CodeChannel = "phone" | "email";

/**
 * What the owner of a phone or e-mail is told when someone asked for a code that cannot be used:
 * registering an account that exists, or binding a phone or e-mail another account has. The one
 * who asked gets the same answer as for a free one, so only the owner learns the difference.
 */
export type AccountNotice = "register-taken" | "bind-taken";

export type DeliveryConfig = {
  smtpUrl?: string;
  smtpFrom: string;
  smsGatewayUrl?: string;
  /** Where a channel without configuration keeps what it would send, for a client on this machine. */
  outbox?: Outbox;
};

/** Thrown when a code cannot be delivered; the message is shown to the user. */
export class DeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DeliveryError";
  }
}

/**
 * Where a message goes: its configured channel (SMTP, the SMS gateway), or the local outbox (no
 * channel, the client is on this machine).
 */
export type Destination = "channel" | "outbox";

/** One message to deliver: to whom, what for, where, and when (the outbox dates it). */
export type Sending = {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  destination: Destination;
  now: Date;
};

export type CodeDelivery = {
  /** Where messages for `channel` go for this client; null when they cannot be sent at all. */
  destination(channel: CodeChannel, clientOnThisMachine: boolean): Destination | null;
  send(sending: Sending, code: string): Promise<void>;
  /** Tells the owner of the target about an attempt (same destinations, same failures as `send`). */
  notify(sending: Sending, notice: AccountNotice): Promise<void>;
  close(): void;
};

/** What is said when a channel has no configuration and the client is not on this machine. */
export function unconfiguredChannelMessage(channel: CodeChannel): string {
  return channel === "email" ? "邮件服务未配置，暂时无法发送邮箱验证码" : "短信服务未配置，暂时无法发送手机验证码";
}

const NOTICES: Record<AccountNotice, (where: string) => { subject: string; text: string }> = {
  "register-taken": (where) => ({
    subject: `有人尝试用你的${where}注册`,
    text: `有人尝试用你的${where}注册短视频字体账号，但这个${where}已经注册过了。如果是你本人，请直接登录，忘记密码可在登录页找回；如非本人操作，请忽略，你的账号不受影响。`,
  }),
  "bind-taken": (where) => ({
    subject: `有人尝试绑定你的${where}`,
    text: `有人尝试把你的${where}绑定到另一个短视频字体账号。它仍绑定在你的账号上，没有任何更改；如需换绑，请先在原账号中解绑。如非本人操作，请忽略。`,
  }),
};

export function describePurpose(purpose: CodePurpose): string {
  return CODE_PURPOSE_NAMES[purpose];
}

/**
 * Delivers verification codes: e-mail over SMTP (nodemailer), SMS through an HTTP gateway
 * (JSON `POST {phone, code, purpose}`). A channel without configuration keeps them in the local
 * outbox for a client on this machine, in every mode, and sends nothing for anyone else.
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

  async function sendMail(message: { to: string; subject: string; text: string; html: string }): Promise<void> {
    if (!config.smtpUrl) throw new DeliveryError(unconfiguredChannelMessage("email"));
    try {
      await mailer().sendMail({
        from: config.smtpFrom,
        ...message,
        subject: `【短视频字体】${message.subject}`,
        // Keeps the ASCII code readable in the raw message (and in plain-text mail clients).
        textEncoding: "quoted-printable",
      });
    } catch (error) {
      console.error("验证码邮件发送失败", error);
      throw new DeliveryError("验证码邮件发送失败，请稍后再试", { cause: error });
    }
  }

  async function sendSms(payload: { phone: string; purpose: CodePurpose } & Record<string, string>): Promise<void> {
    if (!config.smsGatewayUrl) throw new DeliveryError(unconfiguredChannelMessage("phone"));
    let response: Response;
    try {
      response = await fetch(config.smsGatewayUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=utf-8" },
        body: JSON.stringify(payload),
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
  }

  return {
    destination(channel, clientOnThisMachine) {
      if (configured(channel)) return "channel";
      return config.outbox && clientOnThisMachine ? "outbox" : null;
    },
    async send({ channel, target, purpose, destination, now }, code) {
      if (destination === "outbox") {
        config.outbox?.put({ channel, target, purpose, code, notice: null }, now);
        return;
      }
      if (channel === "email") {
        await sendMail({
          to: target,
          subject: `${describePurpose(purpose)}验证码`,
          text: `您的验证码是 ${code}，10 分钟内有效，仅可使用一次。如非本人操作，请忽略本邮件。`,
          html: `<p>您的验证码是 <strong style="font-size:20px;letter-spacing:2px">${code}</strong>，10 分钟内有效，仅可使用一次。</p><p>如非本人操作，请忽略本邮件。</p>`,
        });
        return;
      }
      await sendSms({ phone: target, code, purpose });
    },
    async notify({ channel, target, purpose, destination, now }, notice) {
      const { subject, text } = NOTICES[notice](channel === "email" ? "邮箱" : "手机号");
      if (destination === "outbox") {
        config.outbox?.put({ channel, target, purpose, code: null, notice: text }, now);
        return;
      }
      if (channel === "email") {
        await sendMail({ to: target, subject, text, html: `<p>${text}</p>` });
        return;
      }
      // No `code`: a gateway that fills a code template must send `text` as it is instead.
      await sendSms({ phone: target, purpose, notice, text: `【短视频字体】${text}` });
    },
    close() {
      transporter?.close();
    },
  };
}
