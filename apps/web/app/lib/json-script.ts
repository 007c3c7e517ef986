const unsafe: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const unsafeCharacter = /[<>&\u2028\u2029]/;
const unsafeCharacters = /[<>&\u2028\u2029]/g;

/**
 * JSON that is safe inside a `<script>` element or an attribute: no `<`, `>` or `&` (so no
 * `</script>` or `<!--`), no line separators. The values are JSON already (an island's props, the
 * island page): written without a replacer, so V8 takes its fast path, and escaped only when they
 * hold one of those characters.
 */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value) ?? "null";
  return unsafeCharacter.test(json) ? json.replace(unsafeCharacters, (c) => unsafe[c] ?? c) : json;
}
