import { describe, expect, it } from "vitest";
import { supportsOpenTags } from "./wechat.ts";

describe("WeChat's open tags", () => {
  it("R-SHARE-3 an old WeChat client (before 7.0.12) has no open tags, so its open buttons lead to the guide", () => {
    const ua = (version: string) =>
      `Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/${version} NetType/WIFI`;
    expect(supportsOpenTags(ua("7.0.11"))).toBe(false);
    expect(supportsOpenTags(ua("6.7.4"))).toBe(false);
    expect(supportsOpenTags(ua("7.0.12"))).toBe(true);
    expect(supportsOpenTags(ua("7.1.0"))).toBe(true);
    expect(supportsOpenTags(ua("8.0.44(0x18002c2c)"))).toBe(true);
    expect(supportsOpenTags("Mozilla/5.0 (Linux; Android 13) Chrome/120.0.0.0 Mobile Safari/537.36")).toBe(false);
  });
});
