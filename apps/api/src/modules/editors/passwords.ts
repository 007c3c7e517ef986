import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Editors' password hashes (R-CONSOLE-1): scrypt, memory-hard (N=2^15, r=8: 32 MiB a hash), a salt
 * per password, stored with its parameters (`scrypt$N$r$p$salt$key`) so they can be raised later:
 * an old hash still verifies, and `needsRehash` says when to store a new one at the next login.
 */
export const scryptParameters = { N: 2 ** 15, r: 8, p: 1 } as const;
const keyLength = 32;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashEditorPassword(password: string): Promise<string> {
  const { N, r, p } = scryptParameters;
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

const dummyHash = `scrypt$${scryptParameters.N}$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

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

/** Checks a password; with no stored hash (unknown email) it spends the same work and answers false. */
export async function verifyEditorPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parse(stored ?? dummyHash);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p);
  return stored !== null && key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a hash was made with weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < scryptParameters.N || parsed.r < scryptParameters.r;
}

/** A one-time password for a new account: 20 characters, no look-alikes. */
export function oneTimePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
