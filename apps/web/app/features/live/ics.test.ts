import { describe, expect, it } from "vitest";
import { buildIcs, foldLine, icsFileName, icsText } from "./ics.ts";

describe("live reminder (.ics)", () => {
  const ics = buildIcs({
    uid: "live-L1@davmu",
    title: "直播｜2026江澜马拉松, 全程直播; 不见不散",
    start: "2026-11-25T01:30:00.000Z",
    end: null,
    url: "https://news.example.com/davmu/share/news/local_live/2026/11/abc/index.html",
    description: "跟随直播镜头\n看两万跑者",
    now: Date.parse("2026-11-24T10:00:00Z"),
  });

  it("R-LIVE-3 a booking's reminder is one event at the live's start with an alarm 10 minutes before", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain("\r\nDTSTART:20261125T013000Z\r\n");
    expect(unfolded).toContain("\r\nDTEND:20261125T023000Z\r\n");
    expect(unfolded).toContain("\r\nDTSTAMP:20261124T100000Z\r\n");
    expect(unfolded).toContain("\r\nUID:live-L1@davmu\r\n");
    expect(unfolded).toContain("SUMMARY:直播｜2026江澜马拉松\\, 全程直播\\; 不见不散");
    expect(unfolded).toContain("DESCRIPTION:跟随直播镜头\\n看两万跑者\\nhttps://news.example.com/");
    expect(unfolded).toContain("BEGIN:VALARM\r\nACTION:DISPLAY\r\n");
    expect(unfolded).toContain("TRIGGER:-PT10M\r\nEND:VALARM\r\nEND:VEVENT");
    expect(ics.split("\r\n").filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("R-LIVE-3 lines are at most 75 octets, folded without splitting a character", () => {
    for (const line of ics.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const long = `SUMMARY:${"直播".repeat(40)}`;
    const folded = foldLine(long);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    expect(folded).not.toContain("\uFFFD");
  });

  it("R-LIVE-3 text is escaped and the file named after the title", () => {
    expect(icsText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
    expect(icsFileName('直播/标题:"今晚"')).toBe("直播标题今晚.ics");
    expect(icsFileName("  ")).toBe("直播提醒.ics");
  });
});
