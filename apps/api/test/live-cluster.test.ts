import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { type Child, root, startInstance, startRedis } from "@davmu/test-support/launch";
import { ClientPool } from "@davmu/test-support/live/pool";
import { fetchJson, sendThrough, sleep } from "@davmu/test-support/live/target";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./helper.ts";

const hasRedis = existsSync("/usr/bin/redis-server");
const salt = "live-cluster-test-salt";

/**
 * Live rooms on two instance processes sharing the database and Redis, as deployed (R-LIVE-1,
 * R-LIVE-2): viewers stay subscribed while an instance is killed (SIGKILL) and Redis restarts under
 * a stream of chat, reconnect to either instance with their last seq, and each ends holding every
 * message once, in order. The short form of `npm run bench:live`'s chaos part, with its clients.
 */
describe.skipIf(!hasRedis)("live rooms across instance processes", () => {
  let database: TestDatabase;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const instances: { port: number; origin: string; child: Child }[] = [];
  let env: Record<string, string>;
  let room: string;
  let sender: string;
  let viewer: string;
  let pool: ClientPool;

  beforeAll(async () => {
    database = await createTestDatabase();
    const seeded = spawnSync(process.execPath, ["tools/demo/src/seed-cli.ts"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, HASHID_SALT: salt },
      encoding: "utf8",
      timeout: 60000,
    });
    if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);
    const row = await database.handle.db
      .selectFrom("contents")
      .select("id")
      .where("external_id", "=", "demo-live-marathon")
      .executeTakeFirstOrThrow();
    room = createPublicIdCodec(salt, 8).encode(row.id);
    redis = await startRedis();
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      HASHID_SALT: salt,
      SERVE_WEB: "false",
      LIVE_CHAT_PER_USER_PER_MINUTE: "1000",
      ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "10000",
      OTP_PER_IP_PER_HOUR: "10000",
      LOGIN_PER_IP_PER_MINUTE: "10000",
      COMMENTS_PER_IP_PER_MINUTE: "10000",
    };
    for (let i = 0; i < 2; i++) instances.push(await startInstance(env));
    const origin = instances[0]?.origin as string;
    const auth = (body: unknown) =>
      fetchJson(`${origin}/peony/v1/auth`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    viewer = (await auth({ appid: 1, platform: "mobile" })).body.data.token;
    const phone = "13900008888";
    await fetchJson(`${origin}/peony/v1/vcode?tel=${phone}&type=6`, { headers: { authorization: viewer } });
    const code = (await fetchJson(`${origin}/dev/sms-outbox?tel=${phone}`)).body.data.list[0]?.code;
    sender = (await auth({ appid: 1, platform: "mobile", account: phone, verify_code: code })).body.data.token;
    pool = new ClientPool(2);
    await pool.init(
      instances.map((i) => ({ host: "127.0.0.1", port: i.port })),
      "/peony/v3/live/ws",
    );
  }, 90000);

  afterAll(async () => {
    await pool?.closeAll();
    await pool?.terminate();
    for (const instance of instances) await instance.child.stop("SIGTERM", 5000);
    await redis?.child.stop();
    await database?.drop();
  }, 30000);

  const latest = async () =>
    (await fetchJson(`${instances[0]?.origin}/peony/v3/live/chat/${room}?limit=1`)).body.data.seq as number;

  /** Sends `count` messages at 10 a second through instance i % 2, or the other while one is down. */
  async function stream(count: number, down: Set<number>) {
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const target = down.has(i % 2) ? 1 - (i % 2) : i % 2;
      const origin = instances[target]?.origin as string;
      sent.push(
        sendThrough(
          origin,
          `/peony/v3/live/chat/${room}/send_msg`,
          { content: `集群第${i}条` },
          { authorization: sender },
        ),
      );
      await sleep(100);
    }
    await Promise.all(sent);
  }

  async function settled(finalSeq: number) {
    const deadline = Date.now() + 15000;
    for (;;) {
      const summary = await pool.summary(finalSeq);
      if ((summary.behind === 0 && summary.subscribed === summary.clients) || Date.now() > deadline) return summary;
      await sleep(200);
    }
  }

  it("R-LIVE-2 an instance killed mid-stream: its viewers resume on the other with no gap and no duplicate", async () => {
    const opened = await pool.open(200, room, [viewer], (i) => i % 2, 20000);
    expect(opened.subscribed).toBe(200);
    const down = new Set<number>();
    const faults = (async () => {
      await sleep(1500);
      down.add(1);
      await instances[1]?.child.stop("SIGKILL");
      await sleep(500);
      // and a few viewers of the live instance lose their network meanwhile
      await pool.drop(pool.ids.filter((_, i) => i % 10 === 0));
      const restarted = await startInstance(env, instances[1]?.port);
      instances[1] = restarted;
      down.delete(1);
    })();
    await Promise.all([stream(40, down), faults]);
    const summary = await settled(await latest());
    expect(summary.resumed).toBeGreaterThanOrEqual(100);
    expect({ gaps: summary.gaps, dups: summary.dups, behind: summary.behind }).toEqual({ gaps: 0, dups: 0, behind: 0 });
  }, 60000);

  it("R-LIVE-2 Redis restarted mid-stream: viewers on both instances end with every message once, in order", async () => {
    const before = await pool.summary();
    const faults = (async () => {
      await sleep(1000);
      const port = redis.port;
      await redis.child.stop("SIGKILL");
      await sleep(1500);
      redis = await startRedis(port);
    })();
    await Promise.all([stream(40, new Set()), faults]);
    const summary = await settled(await latest());
    expect(summary.clients).toBe(before.clients);
    expect({ gaps: summary.gaps, dups: summary.dups, behind: summary.behind }).toEqual({ gaps: 0, dups: 0, behind: 0 });
  }, 60000);
});
