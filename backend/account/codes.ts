import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { DeliveryError, type CodeChannel, type CodeDelivery, type CodePurpose } from "../mail/index.js";
import { HOUR, MINUTE } from "./clock.js";
import { refused, tooMany, upstreamFailed } from "./errors.js";
import { consumeCode, countWrongAttempt, deleteCodesCreatedBefore, findLiveCode, insertCode, retireCode, supersedeCodes } from "./code-repository.js";
import { RateLimiter } from "./rate-limit.js";
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

export type SendRequest = {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  ip: string;
  now: Date;
  /**
   * False when the code must not go out (reset for an unknown account…): every limit is still
   * counted and the answer is the same, so the caller learns nothing.
   */
  deliver: boolean;
  /** Deliver in the background (reset: the answer must not take longer when the account exists). */
  background?: boolean;
};

export class CodeService {
  private readonly limits: RateLimiter;

  constructor(
    private readonly db: AccountDb,
    private readonly delivery: CodeDelivery,
  ) {
    this.limits = new RateLimiter(db);
  }

  /** Applies cooldown and hourly caps, then stores and delivers a new code. */
  async send(request: SendRequest): Promise<void> {
    const { channel, target, purpose, ip, now } = request;
    if (!this.delivery.canDeliver(channel)) {
      throw upstreamFailed(channel === "email" ? "邮件服务未配置，暂时无法发送邮箱验证码" : "短信服务未配置，暂时无法发送手机验证码");
    }
    const cooldownKey = `${purpose}|${target}`;
    const last = await this.limits.latest("code-cooldown", cooldownKey, now, RESEND_COOLDOWN_MS);
    if (last) {
      const seconds = Math.max(1, Math.ceil((last.getTime() + RESEND_COOLDOWN_MS - now.getTime()) / 1000));
      throw tooMany(`验证码发送过于频繁，请 ${seconds} 秒后再试`);
    }
    const perTarget = await this.limits.count("code-target", target, now, HOUR);
    if (perTarget.count >= HOURLY_CAP[channel]) {
      throw tooMany(`该${channel === "phone" ? "手机号" : "邮箱"}获取验证码次数过多，请 1 小时后再试`);
    }
    const perIp = await this.limits.count("code-ip", ip, now, HOUR);
    if (perIp.count >= HOURLY_CAP.ip) throw tooMany("获取验证码次数过多，请 1 小时后再试");

    await this.limits.record("code-cooldown", cooldownKey, now);
    await this.limits.record("code-target", target, now);
    await this.limits.record("code-ip", ip, now);
    if (!request.deliver) return;

    // A new code replaces any earlier one for the same target and purpose.
    await supersedeCodes(this.db, target, purpose, now);
    if (Math.random() < 0.01) {
      // Housekeeping: codes are useless a day after they were sent.
      await deleteCodesCreatedBefore(this.db, new Date(now.getTime() - 24 * HOUR));
    }
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

    const deliver = this.delivery.send(channel, target, code, purpose);
    if (request.background) {
      deliver.catch((error) => console.error(`验证码（${purpose}）后台发送失败`, error));
      return;
    }
    try {
      await deliver;
    } catch (error) {
      await retireCode(this.db, codeId, now);
      if (error instanceof DeliveryError) throw upstreamFailed(error.message);
      throw error;
    }
  }

  /**
   * Checks and consumes the live code for target and purpose. A wrong code counts an attempt;
   * the fifth wrong one burns the code.
   */
  async verify(target: string, purposes: CodePurpose[], code: string, now: Date): Promise<void> {
    const row = await findLiveCode(this.db, target, purposes, now);
    if (!row) throw refused(CODE_INVALID_MESSAGE);
    const expected = Buffer.from(row.code_hash, "hex");
    const actual = Buffer.from(hashCode(row.salt, code), "hex");
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
      if (!(await consumeCode(this.db, row.id, now))) throw refused(CODE_INVALID_MESSAGE);
      return;
    }
    const attempts = (await countWrongAttempt(this.db, row.id)) ?? CODE_MAX_ATTEMPTS;
    if (attempts >= CODE_MAX_ATTEMPTS) {
      await retireCode(this.db, row.id, now);
      throw refused(CODE_BURNT_MESSAGE);
    }
    throw refused(`验证码错误，还可尝试 ${CODE_MAX_ATTEMPTS - attempts} 次`);
  }
}
