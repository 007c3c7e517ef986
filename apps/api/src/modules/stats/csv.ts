import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { StatsQuery } from "@davmu/contracts/tracking";
import { csvField } from "../../lib/csv.ts";
import type { TrackingDb } from "../tracking/tables.ts";
import { dayOf, RangeError400, resolveRange } from "./report.ts";
import { type NumericMeasure, numericMeasures, statsStore } from "./repository.ts";

const header = [
  "日期",
  "内容ID",
  "标题",
  "类型",
  "浏览",
  "阅读",
  "平均阅读时长(秒)",
  "阅读深度<25%",
  "25-49%",
  "50-74%",
  "75-99%",
  "100%",
  "曝光",
  "曝光→浏览率",
  "打开App结果",
];

const numeric = numericMeasures;

/**
 * The statistics as CSV, one row per content item and day (or hour), for spreadsheets: UTF-8 with a
 * byte-order mark so that Excel reads the Chinese as it is.
 */
export async function statsCsv(db: TrackingDb, codec: PublicIdCodec, query: StatsQuery, now = Date.now()) {
  const range = resolveRange(query, now);
  const contentId = query.post_id ? codec.decode(query.post_id) : null;
  if (query.post_id && contentId === null) throw new RangeError400("post_id 无效");
  const rows = await statsStore.hourlyRows(db, {
    start: range.start,
    end: range.end,
    contentType: query.content_type,
    contentId,
  });

  const hourly = query.granularity === "hour";
  const groups = new Map<
    string,
    { at: string; row: (typeof rows)[number]; sums: Record<string, number>; outcomes: Record<string, number> }
  >();
  for (const row of rows) {
    const hour = Number(row.hour);
    const at = hourly
      ? `${new Date(hour + 8 * 3_600_000).toISOString().slice(0, 13).replace("T", " ")}:00`
      : dayOf(hour);
    const key = `${at}|${row.content_id}`;
    let group = groups.get(key);
    if (!group) {
      group = { at, row, sums: {}, outcomes: {} };
      groups.set(key, group);
    }
    for (const n of numeric) group.sums[n] = (group.sums[n] ?? 0) + Number(row[n]);
    try {
      for (const [name, count] of Object.entries(JSON.parse(row.outcomes_json) as Record<string, number>)) {
        group.outcomes[name] = (group.outcomes[name] ?? 0) + Number(count);
      }
    } catch {
      // roll-ups always hold JSON
    }
  }
  const lines = [header.map(csvField).join(",")];
  for (const { at, row, sums, outcomes } of groups.values()) {
    const s = (n: NumericMeasure) => sums[n] ?? 0;
    lines.push(
      [
        at,
        codec.encode(Number(row.content_id)),
        row.title,
        row.content_type,
        s("views"),
        s("reads"),
        s("reads") > 0 ? Math.round((s("read_seconds") / s("reads")) * 10) / 10 : 0,
        s("depth_0"),
        s("depth_25"),
        s("depth_50"),
        s("depth_75"),
        s("depth_100"),
        s("exposures"),
        s("exposures") > 0 ? (s("views") / s("exposures")).toFixed(3) : "",
        Object.entries(outcomes)
          .map(([name, count]) => `${name}:${count}`)
          .join(" "),
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
