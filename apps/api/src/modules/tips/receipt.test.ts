import { describe, expect, it } from "vitest";
import { titleFromText } from "./publish.ts";
import { newReceipt, normalizeReceipt, receiptAlphabet } from "./receipt.ts";

describe("tip receipts", () => {
  it("R-TIP-1 receipt codes are 8 characters without 0, O, 1 or I, and differ", () => {
    expect(receiptAlphabet).toHaveLength(32);
    const codes = new Set(Array.from({ length: 2000 }, newReceipt));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
  });

  it("R-TIP-1 a receipt typed back is read without case, spaces or hyphens; anything else is not a receipt", () => {
    expect(normalizeReceipt("jl7q-h2wx")).toBe("JL7QH2WX");
    expect(normalizeReceipt(" JL7Q H2WX ")).toBe("JL7QH2WX");
    for (const bad of ["", "JL7QH2W", "JL7QH2WXY", "JL7QH2W0", "OL7QH2WX", "IL7QH2WX", "JL7QH2W1", "爆料回执码"]) {
      expect(normalizeReceipt(bad), bad).toBeNull();
    }
  });

  it("R-TIP-1 a published tip's title is its first sentence, ended at a pause or cut at 30 characters", () => {
    expect(titleFromText("路灯坏了。已经一个月了")).toBe("路灯坏了");
    expect(titleFromText("长".repeat(40))).toBe(`${"长".repeat(30)}…`);
    expect(
      titleFromText("滨江大道与江澜路交叉口东侧的井盖松动翘起，汽车压过去会哐当一声，今天早上有位阿姨差点摔倒。"),
    ).toBe("滨江大道与江澜路交叉口东侧的井盖松动翘起");
    expect(titleFromText("  没有句号的一句话  ")).toBe("没有句号的一句话");
  });
});
