import { createHash } from "node:crypto";
import { developmentHashidSalt } from "@davmu/config/schema";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { type PostgresCluster, startPostgresCluster } from "@davmu/test-support/postgres-cluster";
import { type ServerProcess, startServerProcess } from "@davmu/test-support/server-process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fiveHundreds, sleep, startBeaconLoad, startWriteLoad } from "../../../scripts/ops/load.ts";
import { postgresControl } from "../../../scripts/ops/postgres-control.ts";
import { testDialect } from "./helper.ts";

/** WeChat on iOS, as a phone sends it */
const phoneUserAgent =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2c) NetType/WIFI Language/zh_CN";

/**
 * The database crashes under load (R-REL-3, R-REL-4): a PostgreSQL cluster of this file's own is
 * restarted in immediate mode three times while comments' sessions are written and beacons sent to
 * one instance, which must neither exit nor lose a write or an event it acknowledged, and must serve
 * again within 5 s of each restart.
 */
describe.skipIf(testDialect !== "postgres")("PostgreSQL restarted in immediate mode under load", () => {
  let cluster: PostgresCluster;
  let databaseUrl: string;
  let server: ServerProcess;
  let child: ServerProcess["child"];
  let origin: string;
  const output = () => server.output();

  const query = async <T>(statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows as T[];
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    // commits acknowledged as production acknowledges them: written to the kernel before the answer
    // (the throwaway cluster's default skips it, and an immediate restart loses the last commits)
    cluster = await startPostgresCluster({ synchronous_commit: "on" });
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query("create database restarted");
    await admin.end();
    databaseUrl = cluster.adminUrl.replace(/\/[^/]*$/, "/restarted");
    server = await startServerProcess(databaseUrl, {
      DB_STATEMENT_TIMEOUT_MS: "2000",
      DB_CONNECT_TIMEOUT_MS: "1000",
      ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "100000",
      TRACKING_PER_DEVICE_PER_MINUTE: "1000000",
      // the writer is busy most of the time, so a restart finds its connections in use
      TRACKING_FLUSH_MS: "20",
      TRACKING_BUFFER_SIZE: "200",
    });
    ({ origin, child } = server);
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
    cluster?.stop();
  });

  it("R-REL-3 R-REL-4 three immediate restarts: the process lives, serves again within 5 s, and loses no acknowledged write or event", {
    timeout: 90_000,
  }, async () => {
    const tid = createPublicIdCodec(developmentHashidSalt, 8).encode(3);
    const control = await postgresControl(cluster.adminUrl);
    const writes = startWriteLoad(origin, { workers: 4, timeoutMs: 10_000 });
    const beacons = startBeaconLoad(origin, tid, { workers: 3, userAgent: phoneUserAgent });
    const recoveries: number[] = [];
    for (let restart = 0; restart < 3; restart++) {
      await sleep(1000);
      control.restartImmediately();
      const back = performance.now();
      // the first write answered 200 after the server is back
      let recovered: number | null = null;
      while (performance.now() - back < 10_000 && child.exitCode === null) {
        const answer = await fetch(`${origin}/peony/v1/auth`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ appid: 1, platform: "mobile" }),
        }).catch(() => null);
        if (answer?.status === 200) {
          recovered = Math.round(performance.now() - back);
          break;
        }
        await sleep(50);
      }
      expect(child.exitCode, output().slice(-3000)).toBeNull();
      recoveries.push(recovered ?? Number.POSITIVE_INFINITY);
    }
    await sleep(1000);
    const written = await writes.stop();
    const sent = await beacons.stop();
    // the buffer is written on shutdown: whatever it still holds is stored before exit
    child.kill("SIGTERM");
    expect(await server.exited, output().slice(-3000)).toBe(0);

    const hashes = written.acknowledged.map((token) => createHash("sha256").update(token).digest("hex"));
    const [sessions] = await query<{ n: number }>(
      "select count(*)::int as n from sessions where token_hash = any($1)",
      [hashes],
    );
    const [events] = await query<{ n: number }>(
      "select count(*)::int as n from tracking_events where event_id = any($1)",
      [sent.acknowledged],
    );
    const figures = {
      recoveries,
      writes: written.byStatus,
      beacons: sent.byStatus,
      errors: [written.errors, sent.errors],
    };
    expect(
      recoveries.every((ms) => ms <= 5000),
      JSON.stringify(figures),
    ).toBe(true);
    expect(written.acknowledged.length).toBeGreaterThan(100);
    expect(sent.acknowledged.length, JSON.stringify(figures)).toBeGreaterThan(100);
    expect(hashes.length - (sessions?.n ?? 0), "acknowledged writes lost").toBe(0);
    expect(sent.acknowledged.length - (events?.n ?? 0), "acknowledged events lost").toBe(0);
    // the server never failed: 503 while the database was away, nothing else
    expect(fiveHundreds(written) - (written.byStatus[503] ?? 0), JSON.stringify(figures)).toBe(0);
    expect(fiveHundreds(sent as never) - (sent.byStatus[503] ?? 0), JSON.stringify(figures)).toBe(0);
    expect(sent.errors, JSON.stringify(figures)).toEqual({});
    expect(written.errors, JSON.stringify(figures)).toEqual({});
  });
});
