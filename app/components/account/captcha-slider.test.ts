import { createDecipheriv } from "node:crypto";
import { describe, expect, it } from "vitest";
import { encryptPoint } from "./captcha-slider";

/** What the captcha service does with the point: AES-128-ECB, PKCS#7 padding, base64 text, UTF-8 key. */
function decryptPoint(ciphertext: string, key: string): string {
  const decipher = createDecipheriv("aes-128-ecb", Buffer.from(key, "utf8"), null);
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64")), decipher.final()]).toString("utf8");
}

describe("captcha point encryption (AES-ECB with crypto-js)", () => {
  it("is what the captcha service decrypts", () => {
    const key = "abcdefghijklmnop";
    const cipher = encryptPoint({ x: 123, y: 5 }, key);
    expect(decryptPoint(cipher, key)).toBe(JSON.stringify({ x: 123, y: 5 }));
  });
});
