import { createCipheriv, createDecipheriv } from "node:crypto";

/**
 * AES-ECB with PKCS#7 padding and a 16-character UTF-8 key, base64 text: what AJ-Captcha's
 * client does with crypto-js (`CryptoJS.AES.encrypt(Utf8.parse(text), Utf8.parse(key), {mode: ECB})`).
 */
export function aesEncrypt(plaintext: string, key: string): string {
  const cipher = createCipheriv(algorithm(key), Buffer.from(key, "utf8"), null);
  return Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]).toString("base64");
}

/** Null when the text is not valid base64 ciphertext for this key. */
export function aesDecrypt(ciphertext: string, key: string): string | null {
  try {
    const decipher = createDecipheriv(algorithm(key), Buffer.from(key, "utf8"), null);
    const data = Buffer.from(ciphertext, "base64");
    if (data.length === 0 || data.length % 16 !== 0) return null;
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

function algorithm(key: string): string {
  const bytes = Buffer.byteLength(key, "utf8");
  if (bytes === 16) return "aes-128-ecb";
  if (bytes === 24) return "aes-192-ecb";
  if (bytes === 32) return "aes-256-ecb";
  throw new Error("AES key must be 16, 24 or 32 bytes");
}
