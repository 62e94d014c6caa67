import type { AnyDatabase } from "../db/schema.js";
import { createHash, randomBytes, randomInt } from "node:crypto";
import {
  CAPTCHA_EXPIRED_MESSAGE,
  CAPTCHA_FAILED_MESSAGE,
  CAPTCHA_FORM_DIGITS,
  CAPTCHA_FORM_FAILED_MESSAGE,
  CAPTCHA_TOLERANCE_PX,
  CAPTCHA_TYPE,
  type CaptchaChallenge,
  type FormCaptchaChallenge,
} from "../../contract/captcha.js";
import { ERROR_CODES } from "../../contract/envelope.js";
import { ApiError } from "../http/envelope.js";
import { captchaDb, type CaptchaDb } from "./tables.js";
import { aesDecrypt, aesEncrypt } from "./aes.js";
import {
  deleteChallengesExpiredBefore,
  insertChallenge,
  recordPassedCheck,
  spendVerification,
  takeChallengeForCheck,
} from "./challenge-repository.js";
import { DIGITS_HEIGHT, DIGITS_WIDTH, randomDigits, renderDigits } from "./digits.js";
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, PIECE_SIZE, randomGap, renderPuzzle } from "./render.js";
import { captchaTestSeed, seededDigits } from "./test-answers.js";

export { CAPTCHA_TYPE };
export const CHALLENGE_TTL_MS = 2 * 60_000;
/** How long a passed challenge's captchaVerification can be spent (once) on sendCode. */
export const VERIFICATION_TTL_MS = 5 * 60_000;

export type CheckInput =
  { kind: "point"; token: string; pointJson: string } | { kind: "answer"; token: string; answer: string };

const SECRET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomSecret(): string {
  let out = "";
  for (let i = 0; i < 16; i++) out += SECRET_ALPHABET[randomInt(0, SECRET_ALPHABET.length)];
  return out;
}

function newToken(): string {
  return randomBytes(16).toString("hex");
}

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

const expired = () => new ApiError(400, ERROR_CODES.captchaExpired, CAPTCHA_EXPIRED_MESSAGE);

/** Typed digits as compared: full-width digits read as ASCII ones, spaces ignored. */
function normaliseAnswer(answer: string): string {
  return answer.normalize("NFKC").replace(/\s+/g, "");
}

/**
 * Challenges kept in the database (so any process can check them): the slider puzzle, and for pages
 * without JavaScript a picture of digits to type. Each gets exactly one check.
 */
export class CaptchaService {
  private readonly db: CaptchaDb;
  private readonly testSeed: string | null;

  /** `testSeed`: see `captchaTestSeed`; read from the environment unless given. */
  constructor(db: AnyDatabase, options: { testSeed?: string | null } = {}) {
    this.db = captchaDb(db);
    this.testSeed = options.testSeed !== undefined ? options.testSeed : captchaTestSeed(process.env);
  }

  async createSlider(now: Date): Promise<CaptchaChallenge> {
    const gap = randomGap();
    const images = await renderPuzzle(gap);
    const token = newToken();
    const { secretKey } = await this.store(token, { mode: "ajax", gap, answer: null }, now);
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
   * The no-JavaScript challenge. Clicking or sliding without JavaScript cannot be made hard to
   * guess (the gap covers a twentieth of the picture); 4 typed digits leave a blind guess 1 chance
   * in 10 000.
   */
  async createForm(now: Date): Promise<FormCaptchaChallenge> {
    const token = newToken();
    const answer = this.testSeed
      ? seededDigits(this.testSeed, token, CAPTCHA_FORM_DIGITS)
      : randomDigits(CAPTCHA_FORM_DIGITS);
    const image = await renderDigits(answer);
    await this.store(token, { mode: "form", gap: null, answer }, now);
    return {
      mode: "form",
      imageBase64: image.toString("base64"),
      token,
      width: DIGITS_WIDTH,
      height: DIGITS_HEIGHT,
      length: CAPTCHA_FORM_DIGITS,
      expiresIn: CHALLENGE_TTL_MS / 1000,
    };
  }

  private async store(
    token: string,
    challenge: { mode: "ajax" | "form"; gap: { x: number; y: number } | null; answer: string | null },
    now: Date,
  ): Promise<{ secretKey: string }> {
    const secretKey = randomSecret();
    await insertChallenge(this.db, {
      token,
      secretKey,
      ...challenge,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
    if (Math.random() < 0.02) {
      // Housekeeping: a challenge is of no use once expired; an hour's grace keeps this rare.
      await deleteChallengesExpiredBefore(this.db, new Date(now.getTime() - 3600_000));
    }
    return { secretKey };
  }

  /**
   * The single check a challenge gets. On success returns captchaVerification =
   * AES(token + "---" + point JSON (or the answer), secretKey), which sendCode spends once.
   */
  async check(input: CheckInput, now: Date): Promise<{ captchaVerification: string }> {
    if (!/^[a-f0-9]{32}$/.test(input.token)) throw expired();
    const challenge = await takeChallengeForCheck(this.db, input.token, now);
    if (!challenge) throw expired();

    let proof: string;
    if (challenge.mode === "form") {
      // A slider answer to a typed challenge (or the reverse) fails like a wrong answer.
      const answer = input.kind === "answer" ? normaliseAnswer(input.answer) : "";
      if (challenge.answer === null || answer !== challenge.answer) {
        throw new ApiError(400, ERROR_CODES.captchaFailed, CAPTCHA_FORM_FAILED_MESSAGE);
      }
      proof = answer;
    } else {
      const plaintext = input.kind === "point" ? aesDecrypt(input.pointJson, challenge.secret_key) : null;
      const x = plaintext === null ? Number.NaN : readX(plaintext);
      const passed =
        challenge.gap_x !== null && Number.isFinite(x) && Math.abs(x - challenge.gap_x) <= CAPTCHA_TOLERANCE_PX;
      if (!passed) throw new ApiError(400, ERROR_CODES.captchaFailed, CAPTCHA_FAILED_MESSAGE);
      proof = plaintext!;
    }

    const captchaVerification = aesEncrypt(`${input.token}---${proof}`, challenge.secret_key);
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
