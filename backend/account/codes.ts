import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  DeliveryError,
  unconfiguredChannelMessage,
  type AccountNotice,
  type CodeChannel,
  type CodeDelivery,
  type CodePurpose,
  type Destination,
} from "../mail/index.js";
import { HOUR, MINUTE } from "../http/clock.js";
import {
  consumeCode,
  countAttempt,
  deleteCodesCreatedBefore,
  findLiveCode,
  insertCode,
  retireCode,
  supersedeCodes,
} from "./code-repository.js";
import { refused, upstreamFailed } from "./errors.js";
import { tooMany } from "../http/envelope.js";
import { consumeAll, wholeSeconds, type LimitRule, type RateLimits } from "../http/rate-limits.js";
import type { AccountDb } from "./tables.js";

export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_COOLDOWN_MS = 60_000;
export const HOURLY_CAP = { phone: 5, email: 10, ip: 20 } as const;

export const CODE_INVALID_MESSAGE = "验证码错误或已失效，请重新获取";
export const CODE_BURNT_MESSAGE = "验证码错误次数过多，请重新获取";

function hashCode(salt: string, code: string): string {
  return createHmac("sha256", salt).update(code, "utf8").digest("hex");
}

/**
 * What goes out: the code; a notice to the owner instead (the code is stored but never sent, so
 * nobody can use it); or nothing (an unknown account). The answer and every limit are the same.
 */
export type Delivery = { kind: "code" } | { kind: "notice"; notice: AccountNotice } | { kind: "none" };

export type SendRequest = {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  ip: string;
  /** The client is on this server's machine (loopback): an unconfigured channel's code may go to the outbox. */
  clientOnThisMachine: boolean;
  now: Date;
  delivery: Delivery;
  /**
   * Deliver after answering. For purposes where some accounts get nothing (login, reset), so that
   * the answer takes as long either way; a delivery failure is then only logged.
   */
  background?: boolean;
};

export class CodeService {
  constructor(
    private readonly db: AccountDb,
    private readonly delivery: CodeDelivery,
    private readonly limits: RateLimits,
  ) {}

  /** Where this client's messages for `channel` go; a 502 naming the channel when nowhere. */
  destination(channel: CodeChannel, clientOnThisMachine: boolean): Destination {
    const destination = this.delivery.destination(channel, clientOnThisMachine);
    if (!destination) throw upstreamFailed(unconfiguredChannelMessage(channel));
    return destination;
  }

  /**
   * Applies the cooldown and hourly caps, then stores a new code and delivers what `delivery` says.
   * Answers where it went (the same whether or not anything went).
   */
  async send(request: SendRequest): Promise<Destination> {
    const { channel, target, purpose, ip, now } = request;
    const destination = this.destination(channel, request.clientOnThisMachine);
    await consumeAll(this.limits, sendRules(channel, target, purpose, ip), now);

    // A new code replaces any earlier one for the same target and purpose.
    await supersedeCodes(this.db, target, purpose, now);
    if (Math.random() < 0.01) {
      // Housekeeping: codes are useless a day after they were sent.
      await deleteCodesCreatedBefore(this.db, new Date(now.getTime() - 24 * HOUR));
    }
    // Stored even when it is not sent, so that guesses against it answer exactly as against a sent one.
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const salt = randomBytes(16).toString("hex");
    const codeId = await insertCode(this.db, {
      target,
      channel,
      purpose,
      codeHash: hashCode(salt, code),
      salt,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      ip,
    });

    const { delivery } = request;
    if (delivery.kind === "none") return destination;
    const sending = { channel, target, purpose, destination, now };
    const deliver =
      delivery.kind === "code" ? this.delivery.send(sending, code) : this.delivery.notify(sending, delivery.notice);
    if (request.background) {
      deliver.catch((error) => console.error(`验证码（${purpose}）后台发送失败`, error));
      return destination;
    }
    try {
      await deliver;
    } catch (error) {
      await retireCode(this.db, codeId, now);
      if (error instanceof DeliveryError) throw upstreamFailed(error.message);
      throw error;
    }
    return destination;
  }

  /**
   * Checks and consumes the live code for one of `targets` and `purposes`. Every check counts one of
   * CODE_MAX_ATTEMPTS tries before the code is compared; a wrong fifth try burns the code.
   */
  async verify(targets: string | string[], purposes: CodePurpose[], code: string, now: Date): Promise<void> {
    const list = (Array.isArray(targets) ? targets : [targets]).filter(Boolean);
    const row = list.length > 0 ? await findLiveCode(this.db, list, purposes, now) : undefined;
    if (!row) throw refused(CODE_INVALID_MESSAGE);
    const attempts = await countAttempt(this.db, row.id, CODE_MAX_ATTEMPTS);
    if (attempts === undefined) throw refused(CODE_INVALID_MESSAGE);
    const expected = Buffer.from(row.code_hash, "hex");
    const actual = Buffer.from(hashCode(row.salt, code), "hex");
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
      if (!(await consumeCode(this.db, row.id, now))) throw refused(CODE_INVALID_MESSAGE);
      return;
    }
    if (attempts >= CODE_MAX_ATTEMPTS) {
      await retireCode(this.db, row.id, now);
      throw refused(CODE_BURNT_MESSAGE);
    }
    throw refused(`验证码错误，还可尝试 ${CODE_MAX_ATTEMPTS - attempts} 次`);
  }
}

/** The 60 s cooldown per target and purpose, then the hourly caps per target and per client. */
function sendRules(channel: CodeChannel, target: string, purpose: CodePurpose, ip: string): LimitRule[] {
  return [
    {
      bucket: "code-cooldown",
      key: `${purpose}|${target}`,
      limit: 1,
      windowMs: RESEND_COOLDOWN_MS,
      refusal: (retryAfterMs) => tooMany(`验证码发送过于频繁，请 ${wholeSeconds(retryAfterMs)} 秒后再试`),
    },
    {
      bucket: "code-target",
      key: target,
      limit: HOURLY_CAP[channel],
      windowMs: HOUR,
      refusal: () => tooMany(`该${channel === "phone" ? "手机号" : "邮箱"}获取验证码次数过多，请 1 小时后再试`),
    },
    {
      bucket: "code-ip",
      key: ip,
      limit: HOURLY_CAP.ip,
      windowMs: HOUR,
      refusal: () => tooMany("获取验证码次数过多，请 1 小时后再试"),
    },
  ];
}
