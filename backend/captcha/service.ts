import { createHash, randomBytes, randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { ApiError } from "../http/envelope.js";
import { accountDb, type AccountDb } from "../account/tables.js";
import { aesDecrypt, aesEncrypt } from "./aes.js";
import {
  deleteChallengesExpiredBefore,
  insertChallenge,
  recordPassedCheck,
  spendVerification,
  takeChallengeForCheck,
} from "./challenge-repository.js";
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, PIECE_SIZE, randomGap, renderPuzzle } from "./render.js";

export const CAPTCHA_TYPE = "blockPuzzle";
export const CHALLENGE_TTL_MS = 2 * 60_000;
/** How long a passed challenge's captchaVerification can be spent (once) on sendCode. */
export const VERIFICATION_TTL_MS = 5 * 60_000;
export const TOLERANCE_PX = 5;

/** AJ-Captcha's repCodes, reused as envelope codes. */
export const CAPTCHA_EXPIRED = { code: "6110", message: "验证码已失效，请重新获取" };
export const CAPTCHA_FAILED = { code: "6111", message: "验证失败，请重新验证" };

export type CaptchaMode = "ajax" | "form";

export type CaptchaChallenge = {
  captchaType: typeof CAPTCHA_TYPE;
  /** PNG, base64 without a data: prefix (as AJ-Captcha sends it). */
  originalImageBase64: string;
  jigsawImageBase64: string;
  token: string;
  secretKey: string;
  wordList: null;
  width: number;
  height: number;
  pieceWidth: number;
  expiresIn: number;
};

export type CheckInput =
  | { kind: "point"; token: string; pointJson: string }
  | { kind: "x"; token: string; x: number }
  | { kind: "click"; token: string; clickX: number; clickY: number };

const SECRET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomSecret(): string {
  let out = "";
  for (let i = 0; i < 16; i++) out += SECRET_ALPHABET[randomInt(0, SECRET_ALPHABET.length)];
  return out;
}

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** Slider-puzzle challenges kept in the database (so any process can check them). */
export class CaptchaService {
  private readonly db: AccountDb;

  constructor(db: Kysely<any>) {
    this.db = accountDb(db);
  }

  async create(mode: CaptchaMode, now: Date): Promise<CaptchaChallenge> {
    const gap = randomGap();
    const images = await renderPuzzle(gap);
    const token = randomBytes(16).toString("hex");
    const secretKey = randomSecret();
    await insertChallenge(this.db, {
      token,
      secretKey,
      mode,
      gapX: gap.x,
      gapY: gap.y,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    if (Math.random() < 0.02) {
      // Housekeeping: a challenge is of no use once expired; an hour's grace keeps this rare.
      await deleteChallengesExpiredBefore(this.db, new Date(now.getTime() - 3600_000));
    }
    return {
      captchaType: CAPTCHA_TYPE,
      originalImageBase64: images.background.toString("base64"),
      jigsawImageBase64: images.piece.toString("base64"),
      token,
      secretKey,
      wordList: null,
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      pieceWidth: PIECE_SIZE,
      expiresIn: CHALLENGE_TTL_MS / 1000,
    };
  }

  /**
   * The single check a challenge gets. On success returns captchaVerification =
   * AES(token + "---" + point JSON, secretKey), which sendCode spends once.
   */
  async check(input: CheckInput, now: Date): Promise<{ captchaVerification: string }> {
    if (!/^[a-f0-9]{32}$/.test(input.token)) throw new ApiError(400, CAPTCHA_EXPIRED.code, CAPTCHA_EXPIRED.message);
    const challenge = await takeChallengeForCheck(this.db, input.token, now);
    if (!challenge) throw new ApiError(400, CAPTCHA_EXPIRED.code, CAPTCHA_EXPIRED.message);

    let pointText: string;
    let passed: boolean;
    if (input.kind === "point") {
      const plaintext = aesDecrypt(input.pointJson, challenge.secret_key);
      const x = plaintext === null ? Number.NaN : readX(plaintext);
      passed = Number.isFinite(x) && Math.abs(x - challenge.gap_x) <= TOLERANCE_PX;
      pointText = plaintext ?? "";
    } else if (input.kind === "x") {
      passed = Math.abs(input.x - challenge.gap_x) <= TOLERANCE_PX;
      pointText = JSON.stringify({ x: input.x, y: 5 });
    } else {
      // A click (an <input type="image"> without JavaScript) anywhere on the gap.
      passed =
        input.clickX >= challenge.gap_x &&
        input.clickX <= challenge.gap_x + PIECE_SIZE &&
        input.clickY >= challenge.gap_y &&
        input.clickY <= challenge.gap_y + PIECE_SIZE;
      pointText = JSON.stringify({ x: input.clickX, y: input.clickY });
    }
    if (!passed) throw new ApiError(400, CAPTCHA_FAILED.code, CAPTCHA_FAILED.message);

    const captchaVerification = aesEncrypt(`${input.token}---${pointText}`, challenge.secret_key);
    await recordPassedCheck(this.db, input.token, {
      hash: sha256(captchaVerification),
      expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
    });
    return { captchaVerification };
  }

  /** Spends a captchaVerification; false when unknown, expired or already spent. */
  async consumeVerification(captchaVerification: string, now: Date): Promise<boolean> {
    if (!captchaVerification || captchaVerification.length > 1000) return false;
    return spendVerification(this.db, sha256(captchaVerification), now);
  }
}

function readX(plaintext: string): number {
  try {
    const point = JSON.parse(plaintext) as { x?: unknown };
    return typeof point?.x === "number" ? point.x : Number(point?.x);
  } catch {
    return Number.NaN;
  }
}
