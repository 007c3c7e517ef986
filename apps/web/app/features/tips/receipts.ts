import { safeStore } from "../../lib/local-values.ts";

/**
 * The receipts this browser sent or opened, kept in local storage (newest first, 20 at most), so the
 * visitor finds their tips again without typing a code.
 */
const storageKey = "davmu_tip_receipts";
const keep = 20;

export interface KeptReceipt {
  receipt: string;
  /** when it was kept (epoch ms) */
  at: number;
}

function store() {
  try {
    return safeStore(window.localStorage);
  } catch {
    return safeStore(undefined);
  }
}

const receiptShape = /^[2-9A-HJ-NP-Z]{8}$/;

export function keptReceipts(): KeptReceipt[] {
  try {
    const parsed = JSON.parse(store().getItem(storageKey) ?? "[]") as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is KeptReceipt =>
        typeof item === "object" && item !== null && receiptShape.test(String((item as KeptReceipt).receipt)),
    );
  } catch {
    return [];
  }
}

/** Keeps a receipt (moved to the front when already kept). */
export function keepReceipt(receipt: string, at = Date.now()): void {
  if (!receiptShape.test(receipt)) return;
  const rest = keptReceipts().filter((item) => item.receipt !== receipt);
  store().setItem(storageKey, JSON.stringify([{ receipt, at }, ...rest].slice(0, keep)));
}

/** A receipt as people read it aloud: two groups of four. */
export function spacedReceipt(receipt: string): string {
  return `${receipt.slice(0, 4)} ${receipt.slice(4)}`;
}

export const statusText = {
  received: "已提交，待审核",
  accepted: "已采纳，记者跟进中",
  rejected: "未采纳",
  published: "已发布为线索报道",
} as const;
