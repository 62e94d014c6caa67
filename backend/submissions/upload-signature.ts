import { createHmac, timingSafeEqual } from "node:crypto";

/** What an upload credential allows: one key, one content type, at most `maxSize` bytes, until `expires` (ms). */
export type UploadGrant = { key: string; contentType: string; maxSize: number; expires: number };

function sign(secret: Buffer, grant: UploadGrant): string {
  return createHmac("sha256", secret)
    .update(["upload", grant.key, grant.contentType, grant.maxSize, grant.expires].join("\n"))
    .digest("base64url");
}

/** The query string of a signed upload URL for `grant`. */
export function signedUploadQuery(secret: Buffer, grant: UploadGrant): string {
  return new URLSearchParams({
    type: grant.contentType,
    size: String(grant.maxSize),
    expires: String(grant.expires),
    signature: sign(secret, grant),
  }).toString();
}

/**
 * The grant a signed upload URL carries, or why it is refused: `forged` when the signature does not
 * match what was signed (any part changed), `expired` when it is past its time.
 */
export function verifyUpload(
  secret: Buffer,
  key: string,
  query: { type: string; size: string; expires: string; signature: string },
  now: number,
): { ok: true; grant: UploadGrant } | { ok: false; reason: "forged" | "expired" } {
  const maxSize = /^\d{1,12}$/.test(query.size) ? Number(query.size) : NaN;
  const expires = /^\d{1,15}$/.test(query.expires) ? Number(query.expires) : NaN;
  if (!Number.isFinite(maxSize) || !Number.isFinite(expires)) return { ok: false, reason: "forged" };
  const grant = { key, contentType: query.type, maxSize, expires };
  const expected = Buffer.from(sign(secret, grant));
  const given = Buffer.from(query.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "forged" };
  if (now > expires) return { ok: false, reason: "expired" };
  return { ok: true, grant };
}
