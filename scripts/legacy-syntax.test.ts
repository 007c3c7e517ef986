import { describe, expect, it } from "vitest";
import { findLegacyProblems } from "./legacy-syntax.ts";

const what = (source: string) => findLegacyProblems(source).map((p) => p.what);

describe("findLegacyProblems", () => {
  it.each([
    ["optional chaining", "a?.b;", "optional chaining (?.)"],
    ["nullish coalescing", "a ?? b;", "nullish coalescing (??)"],
    ["logical assignment ||=", "a ||= 1;", "logical assignment"],
    ["logical assignment ??=", "a ??= 1;", "logical assignment"],
    ["class field", "class A { x = 1 }", "class field"],
    ["private method", "class A { #m() {} }", "private class member"],
    ["private field access", "class A { #x; m() { return #x in this && this.#x } }", "private class member"],
    ["static block", "class A { static { init() } }", "class static block"],
    ["top-level await", "await load();", "top-level await"],
    ["top-level for await", "for await (const x of xs) {}", "top-level await"],
    ["BigInt literal", "const n = 10n;", "BigInt literal"],
    ["numeric separator", "const n = 1_000;", "numeric separator"],
    ["String.prototype.replaceAll", "s.replaceAll('a', 'b');", "replaceAll"],
    ["Array.prototype.at", "xs.at(-1);", ".at()"],
    ["Object.hasOwn", "Object.hasOwn(o, 'k');", "Object.hasOwn()"],
    ["structuredClone", "structuredClone(o);", "structuredClone()"],
    ["Array.prototype.findLast", "xs.findLast(Boolean);", ".findLast()"],
    ["Array.prototype.findLastIndex", "xs.findLastIndex(Boolean);", ".findLastIndex()"],
  ])("R-WEB-LEGACY flags %s", (_name, source, expected) => {
    const found = what(source);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join("\n")).toContain(expected);
  });

  it("R-WEB-LEGACY accepts ES2019 with dynamic import() and import.meta", () => {
    const source = `
      import { x } from "./x.js";
      const url = new URL("./a.js", import.meta.url);
      async function f() { const m = await import("./m.js"); for await (const c of m.stream()) use(c); }
      class A { constructor() { this.a = 1; } static s() { return [1, 2].flat(); } }
      try { f(); } catch { /* optional catch binding is ES2019 */ }
      const o = { ...x, a: x.at, b: "s.replaceAll(", c: typeof structuredClone };
      export default A;`;
    expect(findLegacyProblems(source)).toEqual([]);
  });

  it("R-WEB-LEGACY reports where: the offset of each construct", () => {
    expect(findLegacyProblems("let a = 1;\nlet b = a ?? 2;")).toEqual([
      { offset: 19, what: "nullish coalescing (??)" },
    ]);
  });

  it("R-WEB-LEGACY a script that does not parse is a problem", () => {
    expect(what("let = ;")[0]).toMatch(/^does not parse/);
  });
});
