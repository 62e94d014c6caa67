import { createHmac } from "node:crypto";

/**
 * The browser tests' way to solve the no-JavaScript picture, which a test cannot read: with
 * CAPTCHA_TEST_SEED set (NODE_ENV=test only), a picture's digits are HMAC-SHA256(seed, token)
 * rather than random. The token is in the page; the seed is known only to the test run and the
 * server it starts. Nothing reaches a browser or an API client that it does not already get.
 */
export function captchaTestSeed(env: Record<string, string | undefined>): string | null {
  const seed = env.CAPTCHA_TEST_SEED;
  if (!seed) return null;
  if (env.NODE_ENV !== "test") {
    throw new Error("CAPTCHA_TEST_SEED 只能在测试环境（NODE_ENV=test）中使用：请删除它后再启动");
  }
  return seed;
}

/** The digits of the picture with this token when the server runs with `seed`. */
export function seededDigits(seed: string, token: string, length: number): string {
  const digest = createHmac("sha256", seed).update(token, "utf8").digest();
  let answer = "";
  for (let i = 0; i < length; i++) answer += String(digest[i]! % 10);
  return answer;
}
