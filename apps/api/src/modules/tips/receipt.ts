import { randomInt } from "node:crypto";

/** 32 characters without 0, O, 1 and I: read aloud or copied by hand without confusion. */
export const receiptAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A new receipt code: 8 characters, 40 random bits. */
export function newReceipt(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += receiptAlphabet[randomInt(receiptAlphabet.length)];
  return code;
}

/**
 * A receipt as typed or pasted back: case, spaces and hyphens ignored, and the letters people
 * write for the digits left out (O → 0 is not in the alphabet, so O and 0 are both refused).
 * Answers null for anything that cannot be a receipt.
 */
export function normalizeReceipt(input: string): string | null {
  const code = input.replace(/[\s-]/g, "").toUpperCase();
  return /^[2-9A-HJ-NP-Z]{8}$/.test(code) ? code : null;
}
