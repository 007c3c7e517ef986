const unsafe: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON that is safe inside a `<script>` element or an attribute: no `<`, `>` or `&` (so no
 * `</script>` or `<!--`), no line separators. Promises (deferred loader data) are left out: each
 * deferred part ships its own value next to its streamed markup (features/content/deferred.tsx).
 */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value, (_key, v) =>
    v !== null && typeof v === "object" && typeof (v as { then?: unknown }).then === "function" ? undefined : v,
  );
  return (json ?? "null").replace(/[<>&\u2028\u2029]/g, (c) => unsafe[c] ?? c);
}
