/**
 * CPU time of the beacon's parts on a bench batch, in this process, with no HTTP: parsing, the checks
 * against the events' declarations, the ids seen lately, and the writer's rows. Figures per batch of
 * 20 events (the load generator's batch), as medians of 5 runs of 20,000 batches.
 * Usage: node bench/tracking-parts.ts
 */

import { bodyProblem } from "../apps/api/src/modules/tracking/beacon.ts";
import { checkBatch, recentIds } from "../apps/api/src/modules/tracking/events.ts";
import { rowsOf } from "../apps/api/src/modules/tracking/store.ts";
import { createPublicIdCodec } from "../packages/contracts/src/public-id.ts";
import { median } from "./lib/stats.ts";
import { benchEvents } from "./lib/tracking-batch.ts";

const codec = createPublicIdCodec("bench-salt-for-the-parts", 8);
const tids = Array.from({ length: 12 }, (_, i) => codec.encode(i + 1));
const now = Math.floor(Date.now() / 1000);
function batch(n: number): string {
  return JSON.stringify(
    benchEvents(
      tids,
      { event: (i) => `bench-parts-${n}-${i}`, device: `bench-device-${n}`, visit: `bench-visit-${n}` },
      now,
    ),
  );
}
const count = 20_000;
const texts = Array.from({ length: count }, (_, n) => batch(n));
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
function time(name: string, work: (text: string, n: number) => unknown) {
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = cpu();
    for (let n = 0; n < count; n++) work(texts[n] as string, n);
    runs.push((cpu() - started) / count);
  }
  console.log(`${name.padEnd(44)} ${median(runs).toFixed(1)} µs a batch`);
}
const parsed = texts.map((t) => JSON.parse(t) as unknown[]);
// the repository decodes each public id once (a beacon names the same few items again and again)
const known = new Map<string, number | null>();
const cached = {
  encode: codec.encode,
  decode: (id: string) => {
    let value = known.get(id);
    if (value === undefined) {
      value = codec.decode(id);
      known.set(id, value);
    }
    return value;
  },
};
const options = { codec: cached, now: Date.now(), retentionMs: 90 * 24 * 3600_000 };
time("JSON.parse", (t) => JSON.parse(t));
time("shape and numbers (bodyProblem)", (_, n) => bodyProblem(parsed[n]));
time("checks against the declarations", (_, n) => checkBatch(parsed[n] as unknown[], options));
let seen = recentIds(400_000);
time("ids seen lately (has + add)", (_, n) => {
  if (n === 0) seen = recentIds(400_000);
  for (const event of parsed[n] as Array<{ event_id: string }>) if (!seen.has(event.event_id)) seen.add(event.event_id);
});
const picks = checkBatch(parsed[0] as unknown[], options).events.flatMap((e) => [
  e.index,
  e.contentIds.length,
  ...e.contentIds,
]);
time("the writer's rows (parse again, build rows)", (t) => rowsOf([{ text: t, picks, receivedAt: 0 }]));
