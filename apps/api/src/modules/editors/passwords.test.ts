import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashEditorPassword, needsRehash, oneTimePassword, verifyEditorPassword } from "./passwords.ts";

/** A hash as an older, weaker setting made it. */
function oldHash(password: string, N: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r: 8, p: 1 });
  return `scrypt$${N}$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Production's least cost (EDITOR_PASSWORD_COST): N = 2^15. */
const cost = 15;

describe("editors' password hashes", () => {
  it("R-CONSOLE-1 scrypt N=2^15 r=8 p=1 with a salt per password; the right password verifies, others do not", async () => {
    const hash = await hashEditorPassword("correct horse battery", cost);
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await hashEditorPassword("correct horse battery", cost)).not.toBe(hash);
    expect(await verifyEditorPassword("correct horse battery", hash, cost)).toBe(true);
    expect(await verifyEditorPassword("correct horse batterY", hash, cost)).toBe(false);
    expect(await verifyEditorPassword("anything", null, cost)).toBe(false);
    expect(needsRehash(hash, cost)).toBe(false);
  }, 30_000);

  it("R-CONSOLE-1 a hash made with older parameters still verifies and is marked for rehashing", async () => {
    const weak = oldHash("an older password", 2 ** 12);
    expect(await verifyEditorPassword("an older password", weak, cost)).toBe(true);
    expect(needsRehash(weak, cost)).toBe(true);
    // a cost raised in the settings marks today's hashes too; a lowered one never weakens them
    const today = await hashEditorPassword("a password", cost);
    expect(needsRehash(today, cost + 1)).toBe(true);
    expect(needsRehash(today, 12)).toBe(false);
  });

  it("R-CONSOLE-1 malformed or unbounded stored values never verify", async () => {
    for (const stored of [
      "",
      "bcrypt$x",
      "scrypt$abc$8$1$AA$AA",
      `scrypt$${2 ** 24}$8$1$AA$AA`,
      "scrypt$16384$8$1$AA",
    ]) {
      expect(await verifyEditorPassword("x", stored, cost), stored).toBe(false);
    }
  });

  it("R-CONSOLE-1 one-time passwords are 20 characters without look-alikes, never repeated", () => {
    const seen = new Set(Array.from({ length: 200 }, () => oneTimePassword()));
    expect(seen.size).toBe(200);
    for (const password of seen) expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{20}$/);
  });
});
