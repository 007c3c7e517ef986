import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Editors' password hashes (R-CONSOLE-1): scrypt, memory-hard (N = 2^cost, r=8; at production's least
 * cost, 15, 32 MiB a hash), a salt per password, stored with its parameters (`scrypt$N$r$p$salt$key`)
 * so they can be raised later: an old hash still verifies, and `needsRehash` says when to store a new
 * one at the next login. The cost is the setting EDITOR_PASSWORD_COST (decision 087).
 */
export function scryptParameters(cost: number) {
  return { N: 2 ** cost, r: 8, p: 1 } as const;
}
const keyLength = 32;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashEditorPassword(password: string, cost: number): Promise<string> {
  const { N, r, p } = scryptParameters(cost);
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** What an unknown email is checked against: the same work as a known one's at today's cost. */
const dummyHash = (cost: number) =>
  `scrypt$${scryptParameters(cost).N}$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

function parse(stored: string) {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // parameters past these would let a stored value spend unbounded memory
  if (!Number.isInteger(N) || N < 2 || N > 2 ** 20 || !Number.isInteger(r) || r < 1 || r > 32 || p < 1 || p > 16) {
    return null;
  }
  return {
    N,
    r,
    p,
    salt: Buffer.from(parts[4] as string, "base64url"),
    key: Buffer.from(parts[5] as string, "base64url"),
  };
}

/**
 * Checks a password; with no stored hash (unknown email) it spends the same work as a hash of today's
 * `cost` and answers false.
 */
export async function verifyEditorPassword(password: string, stored: string | null, cost: number): Promise<boolean> {
  const parsed = parse(stored ?? dummyHash(cost));
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p);
  return stored !== null && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a hash was made with weaker parameters than today's `cost` asks for. */
export function needsRehash(stored: string, cost: number): boolean {
  const parsed = parse(stored);
  const today = scryptParameters(cost);
  return !parsed || parsed.N < today.N || parsed.r < today.r;
}

/** How long a one-time password logs in (ASVS 6.4.1: an initial password expires after a short period). */
export const oneTimePasswordTtlMs = 72 * 60 * 60 * 1000;

/** Whether the account's password is a one-time one past its expiry: it logs in no more. */
export function oneTimePasswordExpired(
  editor: { password_one_time: number; password_expires_at: number },
  now = Date.now(),
): boolean {
  return (
    Boolean(editor.password_one_time) &&
    Number(editor.password_expires_at) > 0 &&
    now >= Number(editor.password_expires_at)
  );
}

/** What an editor whose one-time password expired is told. */
export const oneTimePasswordExpiredMessage = "初始密码已过期，请联系管理员重置密码";

/** A one-time password for a new account or a reset: 20 characters, no look-alikes. */
export function oneTimePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
