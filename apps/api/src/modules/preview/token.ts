import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Preview tokens (R-PREVIEW-1): `{payload}.{signature}`, both base64url. The payload names the item,
 * the preview revision the link was minted at, when it expires and the editor; the signature is an
 * HMAC-SHA256 of the payload. Nothing is stored per link: bumping the item's revision revokes them all.
 */
export interface PreviewClaims {
  contentId: number;
  revision: number;
  expiresAt: number;
  editor: string;
}

export type PreviewCheck =
  | { ok: true; claims: PreviewClaims }
  | { ok: false; reason: "forged" | "expired" | "revoked" | "other-item" | "other-actor" };

/** The signing key: PREVIEW_SECRET, else one derived from the OTP secret under its own label. */
export function previewKey(previewSecret: string | null, otpSecret: string): Buffer {
  if (previewSecret) return Buffer.from(previewSecret);
  return createHmac("sha256", otpSecret).update("davmu preview links").digest();
}

function sign(key: Buffer, payload: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

export function mintToken(key: Buffer, claims: PreviewClaims): string {
  const payload = Buffer.from(
    JSON.stringify([claims.contentId, claims.revision, claims.expiresAt, claims.editor]),
  ).toString("base64url");
  return `${payload}.${sign(key, payload)}`;
}

/** The claims of a token whose signature holds, else null (a forged or damaged token). */
export function readToken(key: Buffer, token: string): PreviewClaims | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 4) return null;
    const [contentId, revision, expiresAt, editor] = value;
    if (![contentId, revision, expiresAt].every(Number.isSafeInteger) || typeof editor !== "string") return null;
    return { contentId, revision, expiresAt, editor };
  } catch {
    return null;
  }
}

/** Whether the claims of a token whose signature holds open this item's preview for this actor now. */
export function checkClaims(
  claims: PreviewClaims,
  expect: { contentId: number; revision: number; actor: string; now: number },
): PreviewCheck {
  if (claims.contentId !== expect.contentId) return { ok: false, reason: "other-item" };
  if (`preview-${claims.editor}` !== expect.actor) return { ok: false, reason: "other-actor" };
  if (claims.expiresAt <= expect.now) return { ok: false, reason: "expired" };
  if (claims.revision !== expect.revision) return { ok: false, reason: "revoked" };
  return { ok: true, claims };
}
