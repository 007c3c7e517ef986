import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { developmentHashidSalt } from "@davmu/config/schema";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { startServerProcess } from "@davmu/test-support/server-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingDb } from "../src/modules/tracking/tables.ts";
import { createTestDatabase, type TestDatabase } from "./helper.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

function batch(size: number) {
  const tid = createPublicIdCodec(developmentHashidSalt, 8).encode(3);
  return Array.from({ length: size }, () => ({
    event_id: randomUUID(),
    timestamp: Math.floor(Date.now() / 1000),
    version: "1",
    terminal: "wap",
    tid,
    behavior: "expose",
    device_type: "IOS",
    device_os: "iOS 17.1",
    user_id: `device-${randomUUID()}`,
  }));
}

describe("the write buffer on shutdown", () => {
  it("R-TRACK-5 SIGTERM with a full buffer: every acknowledged event is stored (counted)", {
    timeout: 60_000,
  }, async () => {
    // nothing is written before the signal: the buffer holds every event taken
    const { origin, child, exited, output } = await startServerProcess(database.url, {
      TRACKING_BUFFER_SIZE: "100000",
      TRACKING_FLUSH_MS: "60000",
    });

    let acknowledged = 0;
    let batches = 0;
    let stop = false;
    const send = async () => {
      while (!stop) {
        const response = await fetch(`${origin}/tracker/log`, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (Linux; Android 14) Mobile" },
          body: JSON.stringify(batch(20)),
        }).catch(() => null);
        if (!response) break; // the server has stopped listening
        const answer = (await response.json().catch(() => null)) as { code: number; data: { accepted: number } } | null;
        if (response.status === 200 && answer?.code === 0) {
          acknowledged += answer.data.accepted;
          batches += 1;
        }
      }
    };
    const senders = Array.from({ length: 4 }, () => send());
    // the signal arrives while batches are in flight
    while (batches < 60) await new Promise((r) => setTimeout(r, 5));
    child.kill("SIGTERM");
    const code = await exited;
    stop = true;
    await Promise.all(senders);

    expect(code, output()).toBe(0);
    expect(acknowledged).toBeGreaterThanOrEqual(1200);
    const stored = await trackingDb(database.handle.db)
      .selectFrom("tracking_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(acknowledged);
  });
});

describe("the write buffer when its process is killed", () => {
  it("R-REL-4 SIGKILL with a full buffer: the next process on the database stores every acknowledged event from the journal", {
    timeout: 60_000,
  }, async () => {
    const journal = mkdtempSync(join(tmpdir(), "davmu-journal-"));
    // nothing is written before the kill: the buffer holds every event taken
    const start = () =>
      startServerProcess(database.url, {
        TRACKING_JOURNAL_DIR: journal,
        TRACKING_BUFFER_SIZE: "100000",
        TRACKING_FLUSH_MS: "60000",
      });
    const stored = async () => {
      const row = await trackingDb(database.handle.db)
        .selectFrom("tracking_events")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const exposures = async () => {
      const row = await trackingDb(database.handle.db)
        .selectFrom("tracking_hourly")
        .select((eb) => eb.fn.sum<number>("exposures").as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n ?? 0);
    };
    try {
      const before = await stored();
      const first = await start();
      let acknowledged = 0;
      let stop = false;
      const send = async () => {
        while (!stop) {
          const response = await fetch(`${first.origin}/tracker/log`, {
            method: "POST",
            headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (Linux; Android 14) Mobile" },
            body: JSON.stringify(batch(20)),
          }).catch(() => null);
          if (!response) break; // the process is gone
          const answer = (await response.json().catch(() => null)) as {
            code: number;
            data: { accepted: number };
          } | null;
          if (response.status === 200 && answer?.code === 0) acknowledged += answer.data.accepted;
        }
      };
      const senders = Array.from({ length: 4 }, () => send());
      // killed while batches are in flight, with nothing written
      while (acknowledged < 1200) await new Promise((r) => setTimeout(r, 5));
      first.child.kill("SIGKILL");
      await first.exited;
      stop = true;
      await Promise.all(senders);
      expect(await stored()).toBe(before);

      // the next process replays what the killed one left, and writes it on shutdown at the latest
      const exposuresBefore = await exposures();
      const second = await start();
      second.child.kill("SIGTERM");
      expect(await second.exited, second.output()).toBe(0);
      // every acknowledged event is stored; besides them, only a batch a sender had in flight when the
      // process died (journaled, its answer never received) can be, at most one batch per sender
      const replayed = (await stored()) - before;
      expect(replayed).toBeGreaterThanOrEqual(acknowledged);
      expect(replayed).toBeLessThanOrEqual(acknowledged + 4 * 20);
      expect(replayed % 20).toBe(0);
      // and counted once each in the roll-ups
      expect(await exposures()).toBe(exposuresBefore + replayed);
      // every replayed batch was stored: nothing is left to replay again
      expect(readdirSync(journal, { recursive: true }).filter((name) => String(name).endsWith(".jsonl"))).toEqual([]);
    } finally {
      rmSync(journal, { recursive: true, force: true });
    }
  });
});
