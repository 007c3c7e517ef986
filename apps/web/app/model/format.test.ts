import { describe, expect, it } from "vitest";
import { formatBigNumber, formatCount, formatDateTime, formatRelativeTime } from "./format.ts";

describe("formatCount", () => {
  it("R-FMT-1 counts up to 999 show as they are", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(7)).toBe("7");
    expect(formatCount(999)).toBe("999");
  });
  it("R-FMT-1 counts from 1000 use k with one decimal", () => {
    expect(formatCount(1000)).toBe("1k");
    expect(formatCount(1500)).toBe("1.5k");
    expect(formatCount(9999)).toBe("9.9k");
  });
  it("R-FMT-1 counts from 10000 use w, one decimal below 10w", () => {
    expect(formatCount(10000)).toBe("1w");
    expect(formatCount(12345)).toBe("1.2w");
    expect(formatCount(99999)).toBe("9.9w");
    expect(formatCount(100000)).toBe("10w");
    expect(formatCount(1234567)).toBe("123w");
  });
  it("R-FMT-1 nonsense counts show 0 rather than NaN", () => {
    expect(formatCount(Number.NaN)).toBe("0");
    expect(formatCount(-5)).toBe("0");
  });
});

describe("formatBigNumber", () => {
  it("R-FMT-2 large numbers show in 万 and 亿", () => {
    expect(formatBigNumber(9999)).toBe("9999");
    expect(formatBigNumber(12345)).toBe("1.2万");
    expect(formatBigNumber(5000000)).toBe("500万");
    expect(formatBigNumber(230000000)).toBe("2.3亿");
  });
  it("R-WEB-I18N English pages count in K, M and B", () => {
    expect(formatBigNumber(999, "en")).toBe("999");
    expect(formatBigNumber(12345, "en")).toBe("12.3K");
    expect(formatBigNumber(1286430, "en")).toBe("1.2M");
    expect(formatBigNumber(2300000000, "en")).toBe("2.3B");
  });
});

describe("formatRelativeTime", () => {
  const now = Date.parse("2026-11-22T04:00:00Z"); // 12:00 in Beijing
  it("R-FMT-2 recent times are relative", () => {
    expect(formatRelativeTime(now - 20_000, now)).toBe("刚刚");
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe("5分钟前");
    expect(formatRelativeTime("2026-11-22T01:00:00Z", now)).toBe("3小时前");
  });
  it("R-FMT-2 yesterday and this week are named in Chinese", () => {
    expect(formatRelativeTime("2026-11-21T12:30:00Z", now)).toBe("昨天 20:30");
    expect(formatRelativeTime("2026-11-18T02:00:00Z", now)).toBe("4天前");
  });
  it("R-FMT-2 older dates use 月日, with the year when it differs", () => {
    expect(formatRelativeTime("2026-10-01T02:00:00Z", now)).toBe("10月1日");
    expect(formatRelativeTime("2025-12-31T02:00:00Z", now)).toBe("2025年12月31日");
  });
  it("R-FMT-2 days follow Beijing time, not UTC", () => {
    // 23:30 UTC on the 21st is 07:30 on the 22nd in Beijing: same day, so hours
    expect(formatRelativeTime("2026-11-21T23:30:00Z", now)).toBe("4小时前");
  });
  it("R-WEB-I18N English pages say the same steps in English", () => {
    expect(formatRelativeTime(now - 20_000, now, "en")).toBe("just now");
    expect(formatRelativeTime(now - 5 * 60_000, now, "en")).toBe("5 min ago");
    expect(formatRelativeTime("2026-11-22T01:00:00Z", now, "en")).toBe("3 h ago");
    expect(formatRelativeTime("2026-11-21T12:30:00Z", now, "en")).toBe("yesterday 20:30");
    expect(formatRelativeTime("2026-11-18T02:00:00Z", now, "en")).toBe("4 days ago");
    expect(formatRelativeTime("2026-10-01T02:00:00Z", now, "en")).toBe("Oct 1");
    expect(formatRelativeTime("2025-12-31T02:00:00Z", now, "en")).toBe("Dec 31, 2025");
  });
  it("R-FMT-2 an unreadable date gives an empty string", () => {
    expect(formatRelativeTime("not a date", now)).toBe("");
    expect(formatDateTime("nope")).toBe("");
  });
  it("R-FMT-2 full date and time in Beijing time", () => {
    expect(formatDateTime("2026-11-20T00:30:00Z")).toBe("2026-11-20 08:30");
  });
});
