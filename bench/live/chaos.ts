/**
 * The chaos part of `npm run bench:live`: clients subscribed across two instances, a steady stream
 * of chat messages sent through both, and meanwhile 1,000 random client disconnects (each client
 * reconnects to either instance and resumes with its last sequence), one instance killed with
 * SIGKILL and started again, and Redis killed and started again. Afterwards every client must hold
 * every message: gaps and duplicates by sequence are counted for every client; the clients that got
 * an explicit resync instead of their missed messages are counted apart.
 */

import type { ClientPool } from "@davmu/test-support/live/pool";
import { type LiveTarget, sleep } from "@davmu/test-support/live/target";
import type { Result } from "../lib/stats.ts";
import { failures, lastSeq, log, settle, stream } from "./parts.ts";

export interface ChaosOptions {
  seconds: number;
  rate: number;
  disconnects: number;
  /** When instance 1 is killed, and after how long it is started again (ms from the stream's start). */
  killAt: number;
  restartAfter: number;
  /** When Redis is killed, and how long it stays away. */
  redisAt: number;
  redisDown: number;
}

export const defaultChaos: ChaosOptions = {
  seconds: 24,
  rate: 5,
  disconnects: 1000,
  killAt: 4000,
  restartAfter: 2000,
  redisAt: 13000,
  redisDown: 2000,
};

function pick<T>(items: T[], n: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

export async function chaos(target: LiveTarget, pool: ClientPool, options: ChaosOptions): Promise<Result[]> {
  const before = await pool.summary();
  const down = new Set<number>();
  const events: string[] = [];
  const started = Date.now();
  const at = (ms: number) => sleep(started + ms - Date.now());
  const note = (what: string) => {
    const line = `${((Date.now() - started) / 1000).toFixed(1)} s ${what}`;
    events.push(line);
    log(`chaos: ${line}`);
  };
  log(`chaos: ${before.subscribed} clients over two instances, ${options.rate} messages/s for ${options.seconds} s`);

  const through = (i: number) => {
    const preferred = i % 2;
    return down.has(preferred) ? 1 - preferred : preferred;
  };
  const sending = stream(target, Math.round(options.rate * options.seconds), options.rate, through, "混沌").then(
    (result) => {
      note("stream ended");
      return result;
    },
  );

  // the two faults on their own clocks: a slow restart of the instance does not move Redis's
  const instanceFault = (async () => {
    await at(options.killAt);
    down.add(1);
    await target.kill(1);
    note("instance 2 killed (SIGKILL)");
    await at(options.killAt + options.restartAfter);
    await target.restart(1);
    down.delete(1);
    note("instance 2 started again and ready");
  })();
  const redisFault = (async () => {
    await at(options.redisAt);
    note("Redis killed (SIGKILL)");
    await target.restartRedis(options.redisDown);
    note("Redis started again");
  })();

  let dropped = 0;
  const drops = (async () => {
    // spread over the stream's first 80%, so the last resumes still happen under the stream; a
    // client picked while it is reconnecting is not counted, and the next tick makes up for it
    const ticks = Math.max(1, Math.floor(options.seconds * 0.8 * 2));
    for (let tick = 0; dropped < options.disconnects && tick < ticks + 10; tick++) {
      await at(500 + tick * 500);
      const want = Math.ceil((options.disconnects - dropped) / Math.max(1, ticks - tick));
      dropped += await pool.drop(pick(pool.ids, want));
    }
    note(`${dropped} client connections dropped`);
  })();

  const [{ sent }] = await Promise.all([sending, instanceFault, redisFault, drops]);
  let finalSeq = lastSeq(sent);
  for (let i = 0; i < target.instances.length; i++) {
    finalSeq = Math.max(finalSeq, await target.latestSeq(i).catch(() => 0));
  }
  const summary = await settle(pool, finalSeq, 20000);
  note(`settled: ${summary.clients - summary.behind} of ${summary.clients} clients hold seq ${finalSeq}`);
  const failed = failures(sent);
  const okSent = sent.filter((s) => s.ok).length;

  return [
    {
      part: "live: chaos",
      measure: `random client disconnects, each reconnecting to either instance (${summary.resumes} resumptions in all, ${summary.failedDials} connection attempts refused or failed)`,
      figure: String(dropped),
      budget: `${options.disconnects}`,
      ok: dropped >= options.disconnects,
    },
    {
      part: "live: chaos",
      measure: `gaps / duplicates by sequence, over all ${summary.clients} clients (${summary.resumed} resumed with their last seq: ${summary.resumedWithGaps} with a gap, ${summary.resumedWithDups} with a duplicate)`,
      figure: `${summary.gaps} / ${summary.dups}`,
      budget: "0 / 0",
      ok: summary.gaps === 0 && summary.dups === 0 && summary.resumed > 0,
    },
    {
      part: "live: chaos",
      measure: "clients given an explicit resync instead of their missed messages",
      figure: String(summary.resynced),
      budget: "counted",
      ok: null,
    },
    {
      part: "live: chaos",
      measure: `clients holding every message at the end (seq ${finalSeq}; ${okSent} of ${sent.length} sends acknowledged${Object.keys(failed).length ? `, failed: ${JSON.stringify(failed)}` : ""})`,
      figure: `${summary.clients - summary.behind} of ${summary.clients}`,
      budget: `${summary.clients}`,
      ok: summary.behind === 0 && summary.subscribed === summary.clients,
    },
    {
      part: "live: chaos",
      measure:
        "connections ended by the servers (close code: count; 1006 = no close frame, as when an instance is killed)",
      figure: JSON.stringify(summary.closeCodes),
      budget: "counted",
      ok: null,
    },
  ];
}
