/**
 * The calendar reminder a booked live offers (R-LIVE-3): one VEVENT of RFC 5545 with an alarm
 * 10 minutes before the start, lines ended by CRLF, text escaped and lines folded at 75 octets.
 */
export interface IcsEvent {
  uid: string;
  title: string;
  start: string;
  /** defaults to an hour after the start */
  end?: string | null;
  url: string;
  description?: string;
  /** the moment the file is made (DTSTAMP) */
  now?: number;
}

/** 20261124T100000Z */
export function icsTime(iso: string | number): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function icsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a line to at most 75 octets (UTF-8), never splitting a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of Array.from(line)) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function buildIcs(event: IcsEvent): string {
  const start = Date.parse(event.start);
  const end = event.end ? Date.parse(event.end) : start + 3_600_000;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//davmu//live//ZH",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsTime(event.now ?? Date.now())}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(Math.max(end, start))}`,
    `SUMMARY:${icsText(event.title)}`,
    `DESCRIPTION:${icsText(event.description ? `${event.description}\n${event.url}` : event.url)}`,
    `URL:${event.url}`,
    "BEGIN:VALARM",
    "ACTION:DISPLAY",
    `DESCRIPTION:${icsText(`直播即将开始：${event.title}`)}`,
    "TRIGGER:-PT10M",
    "END:VALARM",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** A file name for the reminder: the title's own characters, without what file systems refuse. */
export function icsFileName(title: string): string {
  const clean = title.replace(/[\\/:*?"<>|\s]+/g, "").slice(0, 40);
  return `${clean || "直播提醒"}.ics`;
}
