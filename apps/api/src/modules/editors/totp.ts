import { Secret, TOTP } from "otpauth";

/** TOTP (RFC 6238) of the editors' second factor: SHA-1, 6 digits, 30 s, as every authenticator app reads. */
const period = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: "大目新闻编辑台",
    label,
    algorithm: "SHA1",
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app enrols from (shown as a QR code). */
export function totpUri(secret: string, label: string): string {
  return totp(secret, label).toString();
}

/** The time step a code is valid for (one step either side allowed for clock drift), or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret, "").validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / period) + delta;
}

/** The code of a moment (tests and the command line enrol with it). */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret, "").generate({ timestamp: now });
}
