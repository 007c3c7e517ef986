import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepReceipt, keptReceipts, spacedReceipt } from "./receipts.ts";

describe("kept receipts", () => {
  beforeEach(() => {
    const data = new Map<string, string>();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (key: string) => data.get(key) ?? null,
        setItem: (key: string, value: string) => data.set(key, value),
        removeItem: (key: string) => data.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("R-TIP-1 the browser keeps its receipts newest first, once each, 20 at most, and ignores what is not a receipt", () => {
    keepReceipt("JL7QH2WX", 1);
    keepReceipt("KM4TD9RB", 2);
    keepReceipt("JL7QH2WX", 3);
    keepReceipt("not a code", 4);
    expect(keptReceipts()).toEqual([
      { receipt: "JL7QH2WX", at: 3 },
      { receipt: "KM4TD9RB", at: 2 },
    ]);
    for (let i = 0; i < 30; i++) keepReceipt(`AAAA${String(2222 + i).replace(/[01]/g, "2")}`.slice(0, 8), 10 + i);
    expect(keptReceipts().length).toBeLessThanOrEqual(20);
  });

  it("R-TIP-1 a damaged store reads as no receipts; codes are shown in two groups of four", () => {
    (globalThis as unknown as { window: { localStorage: Storage } }).window.localStorage.setItem(
      "davmu_tip_receipts",
      "{broken",
    );
    expect(keptReceipts()).toEqual([]);
    expect(spacedReceipt("JL7QH2WX")).toBe("JL7Q H2WX");
  });
});
