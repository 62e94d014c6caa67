import { describe, expect, it } from "vitest";
import { aesDecrypt } from "../../backend/captcha/aes";
import { encryptPoint } from "./captcha-slider";

describe("captcha point encryption (SPEC 7: AES-ECB with crypto-js)", () => {
  it("is what the backend decrypts", () => {
    const key = "abcdefghijklmnop";
    const cipher = encryptPoint({ x: 123, y: 5 }, key);
    expect(aesDecrypt(cipher, key)).toBe(JSON.stringify({ x: 123, y: 5 }));
  });
});
