import { describe, expect, it } from "vitest";
import { isKept, type KeptData, keep, pageData } from "./page-data.ts";

describe("loader data kept on the server", () => {
  it("R-WEB-SSR a loader's answer is an empty, frozen handle; the page reads the very value it kept", () => {
    const value = { title: "标题", body: "<p>正文</p>", lists: Promise.resolve({ hot: [] }) };
    const handle = keep(value);
    expect(Object.keys(handle)).toEqual([]);
    expect(Object.getOwnPropertySymbols(handle)).toEqual([]);
    expect(JSON.stringify(handle)).toBe("{}");
    expect(Object.isFrozen(handle)).toBe(true);
    expect(pageData<() => typeof handle>(handle)).toBe(value);
  });

  it("R-WEB-SSR every answer has its own handle, even of the same value", () => {
    const value = { n: 1 };
    const first = keep(value);
    const second = keep({ n: 2 });
    expect(first).not.toBe(keep(value));
    expect(pageData<() => KeptData<{ n: number }>>(first).n).toBe(1);
    expect(pageData<() => KeptData<{ n: number }>>(second).n).toBe(2);
  });

  it("R-WEB-SSR a value that is not a handle is refused rather than read as page data", () => {
    for (const notKept of [{ title: "x" }, {}, null, undefined, "x", 1, Object.freeze({})]) {
      expect(isKept(notKept)).toBe(false);
      expect(() => pageData<() => KeptData<unknown>>(notKept)).toThrow(TypeError);
    }
    expect(isKept(keep(null))).toBe(true);
    expect(pageData<() => KeptData<null>>(keep(null))).toBeNull();
  });
});
