/** A number no column or LIMIT can take: infinite ("1e309" read as a number), or past 2^53. */
function unsafe(value: unknown): boolean {
  return typeof value === "number" && (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER);
}

/**
 * Whether validated input holds such a number, in its fields or their lists (one level down): the
 * schemas' ranges do not catch Infinity, which passes `maximum` once coerced, nor a page of 1e308.
 */
export function hasUnsafeNumber(input: unknown): boolean {
  if (unsafe(input)) return true;
  if (input === null || typeof input !== "object") return false;
  for (const value of Array.isArray(input) ? input : Object.values(input)) {
    if (unsafe(value)) return true;
    if (Array.isArray(value) && value.some(unsafe)) return true;
  }
  return false;
}
