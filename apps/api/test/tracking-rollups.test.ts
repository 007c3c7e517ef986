import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { startRedis } from "@davmu/test-support/launch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app.ts";
import { rollUpHour } from "../src/modules/tracking/rollup.ts";
import { hourMs, trackingDb } from "../src/modules/tracking/tables.ts";
import { loadConfig } from "../src/plugins/config.ts";
import { startTestServer, type TestServer } from "./helper.ts";

const phone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

/** An event as the page's tracker sends it (spec §7). */
function event(server: TestServer, behavior: string, extra: Record<string, unknown> = {}) {
  const codec = createPublicIdCodec(server.config.hashidSalt, server.config.hashidMinLength);
  const base: Record<string, unknown> = {
    event_id: randomUUID(),
    timestamp: Math.floor(Date.now() / 1000),
    version: "1",
    terminal: "wap",
    tid: codec.encode(1),
    behavior,
    device_type: "Android",
    device_os: "Android 14",
    user_id: "device-rollups",
    visit: `visit-${randomUUID()}`,
  };
  if (behavior === "read") Object.assign(base, { duration: 30, percent: 40 });
  return { ...base, ...extra };
}

const hourlyRows = (server: TestServer, contentId: number) =>
  trackingDb(server.database.handle.db)
    .selectFrom("tracking_hourly")
    .select([
      "hour",
      "views",
      "reads",
      "read_seconds",
      "depth_0",
      "depth_25",
      "depth_50",
      "depth_75",
      "depth_100",
      "exposures",
      "outcomes_json",
    ])
    .where("content_id", "=", contentId)
    .orderBy("hour")
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, hour: Number(row.hour), read_seconds: Number(row.read_seconds) })));

describe("roll-ups counted as events are stored", () => {
  let server: TestServer;
  const post = (body: unknown) => server.post("/tracker/log", body, null, { "user-agent": phone });
  const id = (n: number) => createPublicIdCodec(server.config.hashidSalt, server.config.hashidMinLength).encode(n);
  beforeAll(async () => {
    server = await startTestServer({ TRACKING_FLUSH_MS: "50" });
  });
  afterAll(async () => {
    await server.close();
  });

  it("R-STATS-1 a read spanning an hour boundary counts once, in the hour it started, with its longest time and deepest scroll", async () => {
    const boundary = Math.floor(Date.now() / hourMs) * hourMs;
    const before = Math.floor((boundary - 20_000) / 1000);
    const after = Math.floor((boundary + 5_000) / 1000);
    const visit = `visit-${randomUUID()}`;
    // one visit's read events in two batches, written apart: the later one adds what it goes beyond
    await post([event(server, "read", { tid: id(31), visit, duration: 20, percent: 30, timestamp: before })]);
    await server.app.tracking.rollUp();
    await post([event(server, "read", { tid: id(31), visit, duration: 50, percent: 80, timestamp: after })]);
    // another visit's read events in one batch
    const other = `visit-${randomUUID()}`;
    await post([
      event(server, "read", { tid: id(32), visit: other, duration: 70, percent: 100, timestamp: after }),
      event(server, "read", { tid: id(32), visit: other, duration: 10, percent: 10, timestamp: before }),
    ]);
    await server.app.tracking.rollUp();

    const started = boundary - hourMs;
    for (const contentId of [31, 32]) {
      const rows = await hourlyRows(server, contentId);
      const counted = rows.filter((row) => row.reads > 0);
      expect(
        counted.map((row) => row.hour),
        `item ${contentId}`,
      ).toEqual([started]);
      // nothing left in the hour the read went on into
      expect(
        rows.filter((row) => row.hour === boundary).every((row) => row.reads === 0 && row.read_seconds === 0),
      ).toBe(true);
    }
    const [first] = (await hourlyRows(server, 31)).filter((row) => row.hour === started);
    expect(first).toMatchObject({ reads: 1, read_seconds: 50, depth_25: 0, depth_75: 1 });
    const [second] = (await hourlyRows(server, 32)).filter((row) => row.hour === started);
    expect(second).toMatchObject({ reads: 1, read_seconds: 70, depth_0: 0, depth_100: 1 });
  });

  it("R-STATS-1 the roll-ups kept up by each write equal a recount of the stored events", async () => {
    const at = Math.floor(Date.now() / 1000);
    const visits = Array.from({ length: 5 }, () => `visit-${randomUUID()}`);
    const batch = [];
    for (let i = 0; i < 60; i++) {
      const behavior = ["view", "read", "expose", "open_app"][i % 4] as string;
      const extra: Record<string, unknown> = {
        tid: i % 3 === 0 ? `${id(41)}|${id(42)}` : id(41 + (i % 2)),
        timestamp: at,
      };
      if (behavior === "read") Object.assign(extra, { visit: visits[i % 5], duration: i, percent: (i * 7) % 101 });
      if (behavior === "open_app") extra.outcome = i % 8 === 3 ? "launched" : "fell_back";
      batch.push(event(server, behavior, extra));
    }
    await post(batch.slice(0, 30));
    await server.app.tracking.rollUp();
    await post(batch.slice(30));
    await post(batch.slice(10, 20)); // sent again: dropped
    await server.app.tracking.rollUp();
    const hour = Math.floor((at * 1000) / hourMs) * hourMs;
    const kept = [await hourlyRows(server, 41), await hourlyRows(server, 42)];
    await rollUpHour(trackingDb(server.database.handle.db), hour);
    const recounted = [await hourlyRows(server, 41), await hourlyRows(server, 42)];
    const normal = (rows: Awaited<ReturnType<typeof hourlyRows>>) =>
      rows.map((row) => ({ ...row, outcomes_json: JSON.parse(row.outcomes_json) }));
    expect(kept.map(normal)).toEqual(recounted.map(normal));
    expect(kept[0]?.find((row) => row.hour === hour)?.views).toBeGreaterThan(0);
  });
});

const hasRedis = existsSync("/usr/bin/redis-server");

describe.skipIf(!hasRedis)("the per-device limit with Redis", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: TestServer;
  let b: App;
  let bBase: string;
  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, TRACKING_PER_DEVICE_PER_MINUTE: "30" };
    a = await startTestServer(env);
    b = await buildApp(loadConfig({ NODE_ENV: "test", SERVE_WEB: "false", DATABASE_URL: a.database.url, ...env }), {
      database: a.database.handle,
      logger: false,
    });
    await b.listen({ host: "127.0.0.1", port: 0 });
    const address = b.server.address();
    bBase = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }, 30_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.child.stop();
  });

  it("R-TRACK-5 a device's events are counted across instances sharing Redis: over the limit on either, 429", async () => {
    const device = `shared-${randomUUID()}`;
    const send = async (base: string) => {
      const response = await fetch(`${base}/tracker/log`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": phone },
        body: JSON.stringify(Array.from({ length: 10 }, () => event(a, "expose", { user_id: device }))),
      });
      await response.arrayBuffer();
      return response.status;
    };
    // 30 a minute: three batches of 10, alternating instances, then both refuse
    expect([await send(a.base), await send(bBase), await send(a.base)]).toEqual([200, 200, 200]);
    expect(await send(bBase)).toBe(429);
    expect(await send(a.base)).toBe(429);
  });
});
