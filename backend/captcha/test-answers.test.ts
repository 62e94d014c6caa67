import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPTCHA_FORM_FAILED_MESSAGE } from "../../contract/captcha.js";
import { openDatabase, type DatabaseHandle } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { CaptchaService } from "./service.js";
import { captchaTestSeed, seededDigits } from "./test-answers.js";

describe("the browser tests' seed for the no-JavaScript picture", () => {
  let handle: DatabaseHandle;
  const now = new Date("2026-01-01T00:00:00Z");

  beforeAll(async () => {
    handle = await openDatabase({ kind: "memory" });
    await migrateToLatest(handle.db);
  });
  afterAll(async () => handle?.close());

  it("is honoured only with NODE_ENV=test; elsewhere the server refuses to start", () => {
    expect(captchaTestSeed({ NODE_ENV: "test", CAPTCHA_TEST_SEED: "s" })).toBe("s");
    expect(captchaTestSeed({ NODE_ENV: "test" })).toBeNull();
    expect(captchaTestSeed({ NODE_ENV: "production" })).toBeNull();
    for (const NODE_ENV of ["production", "development", undefined]) {
      expect(() => captchaTestSeed({ NODE_ENV, CAPTCHA_TEST_SEED: "s" })).toThrow(/只能在测试环境/);
    }
  });

  it("makes a picture's digits those of HMAC(seed, token), which pass its one check", async () => {
    const service = new CaptchaService(handle.db, { testSeed: "e2e-seed" });
    const first = await service.createForm(now);
    const second = await service.createForm(now);
    expect(first.token).not.toBe(second.token);
    const answer = seededDigits("e2e-seed", first.token, first.length);
    expect(answer).toMatch(/^\d{4}$/);
    const passed = await service.check({ kind: "answer", token: first.token, answer }, now);
    expect(passed.captchaVerification).toBeTruthy();

    const wrong = String((Number(seededDigits("e2e-seed", second.token, 4)) + 1) % 10_000).padStart(4, "0");
    await expect(service.check({ kind: "answer", token: second.token, answer: wrong }, now)).rejects.toMatchObject({
      message: CAPTCHA_FORM_FAILED_MESSAGE,
    });
  });

  it("leaves the digits random without a seed", async () => {
    const service = new CaptchaService(handle.db, { testSeed: null });
    const tries = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const challenge = await service.createForm(now);
        const seeded = seededDigits("e2e-seed", challenge.token, challenge.length);
        try {
          await service.check({ kind: "answer", token: challenge.token, answer: seeded }, now);
          return true;
        } catch {
          return false;
        }
      }),
    );
    // Random digits match the seeded ones 1 time in 10 000 per picture.
    expect(tries.filter(Boolean).length).toBeLessThanOrEqual(1);
  });
});
