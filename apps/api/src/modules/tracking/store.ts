import type { TrackEvent } from "@davmu/contracts/tracking";
import { hourMs, type TrackingEventsTable } from "./tables.ts";

/**
 * A batch taken by the beacon, as the buffer keeps it until it is written: the request's JSON text
 * and, for each good new event, its index in the batch, how many content ids it names and those ids
 * (`[index, n, id1 … idn, index, n, …]`). The request only checks and picks; the rows are made from
 * the text here, by the writer.
 */
export interface PlannedBatch {
  text: string;
  picks: number[];
  receivedAt: number;
}

/** One statement in the write's transaction; answers the rows it returns. */
export interface Executor {
  dialect: "sqlite" | "postgres";
  query(sql: string, parameters: readonly unknown[]): Promise<ReadonlyArray<Record<string, unknown>>>;
  /** A statement returning no rows; answers the rows it changed. */
  run(sql: string, parameters: readonly unknown[]): Promise<number>;
}

export const eventColumns = [
  "event_id",
  "content_ids",
  "behavior",
  "at",
  "hour",
  "visit",
  "duration",
  "percent",
  "page_type",
  "series",
  "outcome",
  "device_type",
  "device_os",
  "user_id",
  "received_at",
] as const satisfies ReadonlyArray<keyof TrackingEventsTable>;

/** A row of `tracking_events` with the content ids its `content_ids` holds, for counting (not a column). */
export type EventRow = TrackingEventsTable & { items: number[] };

/** The rows of the planned batches: one per picked event (migration 019). */
export function rowsOf(batches: readonly PlannedBatch[]): EventRow[] {
  const rows: EventRow[] = [];
  for (const { text, picks, receivedAt } of batches) {
    const parsed = JSON.parse(text) as TrackEvent | TrackEvent[];
    const values = Array.isArray(parsed) ? parsed : [parsed];
    for (let i = 0; i < picks.length; ) {
      const event = values[picks[i] as number] as TrackEvent;
      const n = picks[i + 1] as number;
      const items = picks.slice(i + 2, i + 2 + n);
      const at = event.timestamp * 1000;
      const behavior = event.behavior;
      rows.push({
        event_id: event.event_id,
        content_ids: n === 1 ? `[${items[0]}]` : JSON.stringify(items),
        behavior,
        at,
        hour: Math.floor(at / hourMs) * hourMs,
        visit: event.visit ?? event.event_id,
        duration: behavior === "read" ? event.duration : null,
        percent: behavior === "read" ? event.percent : null,
        page_type: behavior === "view" ? (event.page_type ?? null) : null,
        series: behavior === "view" ? (event.series ?? null) : null,
        outcome: behavior === "open_app" ? event.outcome : null,
        device_type: event.device_type,
        device_os: event.device_os,
        user_id: event.user_id,
        received_at: receivedAt,
        items,
      });
      i += 2 + n;
    }
  }
  return rows;
}

/** Rows per SQLite statement: at most 15 columns each, under SQLite's 32,766 parameters. */
const sqliteRows = 1024;
const texts = new Map<string, string>();

/**
 * `insert into table (columns) … suffix` for `rows` rows: multi-row VALUES on SQLite, one array per
 * column through `unnest` on PostgreSQL (as many parameters as columns, whatever the rows). Written
 * once per shape: at these rates building each statement cost more than running it.
 */
function insertSql(
  dialect: Executor["dialect"],
  table: string,
  columns: Record<string, string>,
  rows: number,
  suffix: string,
) {
  const key = `${dialect}|${table}|${rows}|${suffix}`;
  let text = texts.get(key);
  if (!text) {
    const names = Object.keys(columns);
    const list = names.join(",");
    if (dialect === "postgres") {
      const arrays = names.map((name, i) => `$${i + 1}::${columns[name]}[]`).join(",");
      text = `insert into ${table} as t (${list}) select * from unnest(${arrays}) ${suffix}`;
    } else {
      const tuple = `(${names.map(() => "?").join(",")})`;
      text = `insert into ${table} as t (${list}) values ${Array(rows).fill(tuple).join(",")} ${suffix}`;
    }
    if (texts.size > 256) texts.clear();
    texts.set(key, text);
  }
  return text;
}

/** The parameters of an insert of `part`: one array per column on PostgreSQL, row after row on SQLite. */
function parametersOf(db: Executor, part: readonly unknown[][], width: number): unknown[] {
  if (db.dialect === "postgres") return Array.from({ length: width }, (_, c) => part.map((row) => row[c]));
  const parameters: unknown[] = [];
  for (const row of part) for (const value of row) parameters.push(value);
  return parameters;
}
/**
 * The sizes of the parts an insert is cut into: on SQLite a statement per size, so that the few
 * statements of each shape are prepared once and reused (a part of any size made a statement of its
 * own to prepare at nearly every write: the remainder of each write's rows); on PostgreSQL one part.
 */
function partSizes(db: Executor, width: number, rows: number): number[] {
  if (db.dialect === "postgres") {
    const sizes: number[] = [];
    for (let left = rows; left > 0; left -= Math.min(left, 20_000)) sizes.push(Math.min(left, 20_000));
    return sizes;
  }
  const largest = Math.min(sqliteRows, Math.floor((sqliteRows * 15) / width));
  const sizes: number[] = [];
  let left = rows;
  for (const size of sqliteLadder) {
    const s = Math.min(size, largest);
    while (left >= s) {
      sizes.push(s);
      left -= s;
    }
  }
  return sizes;
}
/** Rows per SQLite statement, largest first, down to one. */
const sqliteLadder = [sqliteRows, 256, 64, 16, 4, 1];

/** Runs an insert of `rows` (each an array in the columns' order), in parts; answers the rows returned. */
async function insert(
  db: Executor,
  table: string,
  columns: Record<string, string>,
  rows: readonly unknown[][],
  suffix: string,
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  const width = Object.keys(columns).length;
  let start = 0;
  for (const size of partSizes(db, width, rows.length)) {
    const part = rows.slice(start, start + size);
    start += size;
    const sql = insertSql(db.dialect, table, columns, part.length, suffix);
    if (!/\breturning\b/.test(suffix)) {
      await db.run(sql, parametersOf(db, part, width));
      continue;
    }
    const returned = await db.query(sql, parametersOf(db, part, width));
    for (const row of returned) out.push(row);
  }
  return out;
}

/** SQLite's parameters of an insert of events: their columns, row after row. */
function eventParameters(part: readonly EventRow[]): unknown[] {
  const parameters: unknown[] = new Array(part.length * eventColumns.length);
  let k = 0;
  for (const row of part) for (const column of eventColumns) parameters[k++] = row[column];
  return parameters;
}

/**
 * Inserts the events, each part inside a savepoint: when the part's rows were all new (the usual
 * case) nothing more is asked; when some were stored before, the part is undone and inserted again
 * returning the ids it stores. Answers the rows this write stored.
 */
async function insertEvents(db: Executor, rows: readonly EventRow[]): Promise<EventRow[]> {
  const stored: EventRow[] = [];
  let start = 0;
  for (const size of partSizes(db, eventColumns.length, rows.length)) {
    const part = rows.slice(start, start + size);
    start += size;
    // PostgreSQL: the rows as one JSON text (its driver's encoding of 15 arrays cost more than the insert)
    const parameters = db.dialect === "postgres" ? [JSON.stringify(part)] : eventParameters(part);
    const sql = (suffix: string) =>
      db.dialect === "postgres"
        ? `${pgEventsFromJson()} ${suffix}`
        : insertSql(db.dialect, "tracking_events", eventTypes, part.length, suffix);
    await db.run("savepoint tracking_events_part", []);
    const n = await db.run(sql(eventConflict), parameters);
    if (n < part.length) {
      await db.run("rollback to savepoint tracking_events_part", []);
      const returned = await db.query(sql(`${eventConflict} returning event_id`), parameters);
      const fresh = new Set(returned.map((r) => String(r.event_id)));
      // an id stored now counts once, even where this write holds it twice (a batch replayed twice)
      for (const row of part) if (fresh.delete(row.event_id)) stored.push(row);
    } else {
      for (const row of part) stored.push(row);
    }
    await db.run("release savepoint tracking_events_part", []);
  }
  return stored;
}

const eventConflict = "on conflict (event_id) do nothing";
/** PostgreSQL: the events of one JSON array of rows (`$1`), each an object of the columns. */
const pgEventsFromJson = () => {
  const list = eventColumns.join(",");
  const types = eventColumns.map((column) => `${column} ${eventTypes[column]}`).join(",");
  return `insert into tracking_events as t (${list}) select ${list} from json_to_recordset($1::json) as x(${types})`;
};
const eventTypes: Record<(typeof eventColumns)[number], string> = {
  event_id: "text",
  content_ids: "text",
  behavior: "text",
  at: "bigint",
  hour: "bigint",
  visit: "text",
  duration: "int",
  percent: "int",
  page_type: "text",
  series: "text",
  outcome: "text",
  device_type: "text",
  device_os: "text",
  user_id: "text",
  received_at: "bigint",
};
const readTypes = { visit: "text", content_id: "int", hour: "bigint", duration: "int", percent: "int" };
const hourlyTypes = {
  content_id: "int",
  hour: "bigint",
  views: "int",
  reads: "int",
  read_seconds: "bigint",
  depth_0: "int",
  depth_25: "int",
  depth_50: "int",
  depth_75: "int",
  depth_100: "int",
  exposures: "int",
};
const counters = Object.keys(hourlyTypes).slice(2);
const addCounts = `on conflict (content_id, hour) do update set ${counters.map((c) => `${c} = t.${c} + excluded.${c}`).join(", ")}`;

/** The bucket of `depthColumns` a deepest scroll falls in. */
export const depthBucket = (percent: number) => (percent >= 100 ? 4 : Math.max(0, Math.floor(percent / 25)));

interface Tally {
  content_id: number;
  hour: number;
  /** in the order of `counters`: views, reads, read_seconds, depth_0 … depth_100, exposures */
  counts: number[];
  outcomes: Record<string, number> | null;
}
const bump = (t: Tally, counter: number, by: number) => {
  t.counts[counter] = (t.counts[counter] ?? 0) + by;
};

/**
 * Stores rows and counts them into the roll-ups, in the caller's transaction (decision 038). Only
 * the rows this insert stored are counted: an event stored before (by this process or another, the
 * unique key decides) counts nothing. Views, exposures and open-app outcomes add one each to their
 * item's hour; a read is a visit (`tracking_reads`): its first read event counts it in that event's
 * hour, a later one adds only the time and depth it goes beyond. Answers the rows stored.
 */
export async function storeRows(db: Executor, rows: readonly EventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const pg = db.dialect === "postgres";
  const stored = await insertEvents(db, rows);

  // by hour, then item: numbers as keys (a string key made for every item of every row cost more)
  const tallies = new Map<number, Map<number, Tally>>();
  const tally = (contentId: number, hour: number) => {
    let ofHour = tallies.get(hour);
    if (!ofHour) {
      ofHour = new Map();
      tallies.set(hour, ofHour);
    }
    let t = ofHour.get(contentId);
    if (!t) {
      t = { content_id: contentId, hour, counts: counters.map(() => 0), outcomes: null };
      ofHour.set(contentId, t);
    }
    return t;
  };
  const reads = new Map<
    string,
    { visit: string; content_id: number; hour: number; duration: number; percent: number }
  >();
  for (const row of stored) {
    for (const content_id of row.items) {
      if (row.behavior === "read") {
        const key = `${row.visit}\u0000${content_id}`;
        const read = reads.get(key);
        if (!read) {
          const { visit, hour } = row;
          reads.set(key, { visit, content_id, hour, duration: row.duration ?? 0, percent: row.percent ?? 0 });
        } else {
          read.hour = Math.min(read.hour, row.hour);
          read.duration = Math.max(read.duration, row.duration ?? 0);
          read.percent = Math.max(read.percent, row.percent ?? 0);
        }
        continue;
      }
      const t = tally(content_id, row.hour);
      if (row.behavior === "view") bump(t, 0, 1);
      else if (row.behavior === "expose") bump(t, 8, 1);
      else if (row.behavior === "open_app" && row.outcome) {
        t.outcomes ??= {};
        t.outcomes[row.outcome] = (t.outcomes[row.outcome] ?? 0) + 1;
      }
    }
  }

  if (reads.size > 0) {
    const wanted = [...reads.values()].sort((a, b) =>
      a.visit < b.visit ? -1 : a.visit > b.visit ? 1 : a.content_id - b.content_id,
    );
    const readRows = wanted.map((r) => [r.visit, r.content_id, r.hour, r.duration, r.percent]);
    const created = await insert(
      db,
      "tracking_reads",
      readTypes,
      readRows,
      "on conflict (visit, content_id) do nothing returning visit, content_id",
    );
    const isNew = new Set(created.map((r) => `${r.visit}\u0000${Number(r.content_id)}`));
    const known = wanted.filter((r) => !isNew.has(`${r.visit}\u0000${r.content_id}`));
    for (const r of wanted) {
      if (!isNew.has(`${r.visit}\u0000${r.content_id}`)) continue;
      const t = tally(r.content_id, r.hour);
      bump(t, 1, 1);
      bump(t, 2, r.duration);
      bump(t, 3 + depthBucket(r.percent), 1);
    }
    if (known.length > 0) {
      // visits counted before: what this write goes beyond, in the hour they count in
      const before = new Map<string, { hour: number; duration: number; percent: number }>();
      const visits = [...new Set(known.map((r) => r.visit))];
      for (let i = 0; i < visits.length; i += 500) {
        const part = visits.slice(i, i + 500);
        const found = pg
          ? await db.query(
              "select visit, content_id, hour, duration, percent from tracking_reads where visit = any($1::text[]) order by visit, content_id for update",
              [part],
            )
          : await db.query(
              `select visit, content_id, hour, duration, percent from tracking_reads where visit in (${part.map(() => "?").join(",")})`,
              part,
            );
        for (const f of found) {
          const hour = Number(f.hour);
          before.set(`${f.visit}\u0000${Number(f.content_id)}`, {
            hour,
            duration: Number(f.duration),
            percent: Number(f.percent),
          });
        }
      }
      const changed: unknown[][] = [];
      for (const r of known) {
        const old = before.get(`${r.visit}\u0000${r.content_id}`);
        if (!old || (r.duration <= old.duration && r.percent <= old.percent)) continue;
        const duration = Math.max(old.duration, r.duration);
        const percent = Math.max(old.percent, r.percent);
        const t = tally(r.content_id, old.hour);
        bump(t, 2, duration - old.duration);
        bump(t, 3 + depthBucket(old.percent), -1);
        bump(t, 3 + depthBucket(percent), 1);
        changed.push([r.visit, r.content_id, old.hour, duration, percent]);
      }
      if (changed.length > 0) {
        const max = pg ? "greatest" : "max";
        await insert(
          db,
          "tracking_reads",
          readTypes,
          changed,
          `on conflict (visit, content_id) do update set duration = ${max}(t.duration, excluded.duration), percent = ${max}(t.percent, excluded.percent)`,
        );
      }
    }
  }

  // the hours' rows in one order, so concurrent writers lock them in the same order
  const hourly = [...tallies.values()]
    .flatMap((ofHour) => [...ofHour.values()])
    .sort((a, b) => a.content_id - b.content_id || a.hour - b.hour);
  if (hourly.length > 0) {
    await insert(
      db,
      "tracking_hourly",
      hourlyTypes,
      hourly.map((t) => [t.content_id, t.hour, ...t.counts]),
      addCounts,
    );
  }
  for (const t of hourly) {
    if (!t.outcomes) continue;
    const [row] = await db.query(
      `select outcomes_json from tracking_hourly where content_id = ${pg ? "$1" : "?"} and hour = ${pg ? "$2" : "?"}${pg ? " for update" : ""}`,
      [t.content_id, t.hour],
    );
    const outcomes = JSON.parse(String(row?.outcomes_json ?? "{}")) as Record<string, number>;
    for (const [name, n] of Object.entries(t.outcomes)) outcomes[name] = (outcomes[name] ?? 0) + n;
    await db.query(
      `update tracking_hourly set outcomes_json = ${pg ? "$1" : "?"} where content_id = ${pg ? "$2" : "?"} and hour = ${pg ? "$3" : "?"}`,
      [JSON.stringify(outcomes), t.content_id, t.hour],
    );
  }
  return stored.length;
}
