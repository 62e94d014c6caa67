import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * A random key every instance agrees on: the first to ask writes it (SET NX), the others read that
 * one. If Redis loses it, the next instance to ask makes a new one; only what was signed with the
 * old key in the meantime (short-lived upload credentials) stops being valid.
 */
export async function sharedSecret(redis: Redis, name: string): Promise<Buffer> {
  const key = `secret:${name}`;
  await redis.set(key, randomBytes(32).toString("base64"), "NX");
  const value = await redis.get(key);
  if (!value) throw new Error(`Redis 中没有共享密钥 ${name}`);
  return Buffer.from(value, "base64");
}
