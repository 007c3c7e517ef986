import { existsSync } from "node:fs";
import { startNginx, startRedis } from "@davmu/test-support/launch";
import { within } from "@davmu/test-support/poll";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app.ts";
import { loadConfig } from "../src/plugins/config.ts";
import { startTestServer, type TestServer } from "./helper.ts";
import { joinLive, sleep } from "./live-client.ts";

const hasRedis = existsSync("/usr/bin/redis-server");
const hasNginx = existsSync("/usr/sbin/nginx");
let phone = 13955550000;
const nextPhone = () => String(phone++);

/**
 * Two instances over one database and one Redis (R-LIVE-2): chat, likes and status reach the
 * subscribers of both, online counts are summed across them, and sequence numbers stay unique per
 * room whichever instance stores a message. Redis going away leaves each instance serving its own
 * viewers (and the database backstop), and fan-out resumes when it returns.
 */
describe.skipIf(!hasRedis)("live rooms on two instances sharing Redis", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: TestServer;
  let b: App;
  let bBase: string;
  let anonymous: string;
  let user: { token: string };
  let marathon: string;
  let ginkgo: string;

  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, LIVE_CHAT_PER_USER_PER_MINUTE: "1000" };
    a = await startTestServer(env);
    marathon = await a.demoPostId("demo-live-marathon");
    ginkgo = await a.demoPostId("demo-live-ginkgo");
    b = await buildApp(
      loadConfig({
        NODE_ENV: "test",
        SERVE_WEB: "false",
        DATABASE_URL: a.database.url,
        ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "10000",
        ...env,
      }),
      { database: a.database.handle, logger: false },
    );
    await b.listen({ host: "127.0.0.1", port: 0 });
    const address = b.server.address();
    bBase = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    anonymous = await a.anonymousToken();
    user = await a.login(nextPhone());
  }, 30000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.child.stop();
  });

  const sendThrough = (base: string, room: string, content: string) =>
    fetch(`${base}/peony/v3/live/chat/${room}/send_msg`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: user.token },
      body: JSON.stringify({ content }),
    }).then(async (answer) => ({ status: answer.status, body: await answer.json() }));

  it("R-LIVE-2 a message sent through either instance reaches the subscribers of both, numbered once", async () => {
    const onA = await joinLive(a.base, anonymous, marathon);
    const onB = await joinLive(bBase, anonymous, marathon);
    const start = onA.subscribed.seq as number;
    expect(onB.subscribed.seq).toBe(start);
    const viaA = await sendThrough(a.base, marathon, "从A发出的加油");
    const viaB = await sendThrough(bBase, marathon, "从B发出的加油");
    expect([viaA.body.data.seq, viaB.body.data.seq]).toEqual([start + 1, start + 2]);
    for (const client of [onA.client, onB.client]) {
      const first = await client.next((f) => f.type === "chat", 1000);
      const second = await client.next((f) => f.type === "chat", 1000);
      expect([first.message.content, second.message.content]).toEqual(["从A发出的加油", "从B发出的加油"]);
      expect([first.seq, second.seq]).toEqual([start + 1, start + 2]);
    }
    onA.client.close();
    onB.client.close();
  });

  it("R-LIVE-2 parallel sends through both instances: every subscriber gets every seq once, in order", async () => {
    const onA = await joinLive(a.base, anonymous, ginkgo);
    const onB = await joinLive(bBase, anonymous, ginkgo);
    const start = onA.subscribed.seq as number;
    const sends = Array.from({ length: 20 }, (_, i) => sendThrough(i % 2 ? bBase : a.base, ginkgo, `并发 ${i}`));
    expect((await Promise.all(sends)).every((answer) => answer.status === 200)).toBe(true);
    const expected = Array.from({ length: 20 }, (_, i) => start + 1 + i);
    for (const client of [onA.client, onB.client]) {
      expect(await within(3000, () => client.all("chat").length >= 20)).not.toBeNull();
      await sleep(100);
      expect(client.all("chat").map((f) => f.seq)).toEqual(expected);
    }
    onA.client.close();
    onB.client.close();
  });

  it("R-LIVE-2 online counts are summed across instances; likes through one reach the other", async () => {
    const watchers = [
      await joinLive(a.base, anonymous, marathon),
      await joinLive(bBase, anonymous, marathon),
      await joinLive(bBase, anonymous, marathon),
    ];
    for (const { client } of watchers) {
      expect(await within(4000, () => client.all("online").at(-1)?.count === 3)).not.toBeNull();
    }
    const info = await fetch(`${a.base}/peony/v3/live/info/${marathon}`).then((r) => r.json());
    expect(info.data.online_count).toBe(3);
    await fetch(`${bBase}/peony/v3/live/room/${marathon}/like`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: anonymous },
      body: JSON.stringify({ msg_id: "across-instances", count: 7 }),
    });
    const likes = await watchers[0]?.client.next((f) => f.type === "likes", 2500);
    expect(likes?.delta).toBe(7);
    for (const { client } of watchers) client.close();
  });

  it.runIf(hasNginx)(
    "R-LIVE-2 through nginx in front of both instances (npm run cluster's), sockets upgrade and receive",
    async () => {
      const port = (base: string) => Number(new URL(base).port);
      const nginx = await startNginx([port(a.base), port(bBase)]);
      try {
        const viewers = [
          await joinLive(nginx.origin, anonymous, marathon),
          await joinLive(nginx.origin, anonymous, marathon),
        ];
        const sent = await sendThrough(nginx.origin, marathon, "经过负载均衡也能收到");
        for (const { client } of viewers) {
          expect((await client.next((f) => f.type === "chat", 2000)).seq).toBe(sent.body.data.seq);
          client.close();
        }
      } finally {
        await nginx.stop("SIGTERM");
      }
    },
  );

  it("R-LIVE-2 Redis gone: each instance still serves its viewers; back, fan-out resumes", async () => {
    const port = redis.port;
    const onA = await joinLive(a.base, anonymous, marathon);
    const onB = await joinLive(bBase, anonymous, marathon);
    await redis.child.stop("SIGKILL");
    await sleep(300);
    const sent = await sendThrough(bBase, marathon, "Redis 不在时也能发");
    expect(sent.status).toBe(200);
    expect((await onB.client.next((f) => f.type === "chat", 1000)).seq).toBe(sent.body.data.seq);
    // the other instance catches up from the database
    expect((await onA.client.next((f) => f.type === "chat", 4000)).seq).toBe(sent.body.data.seq);

    redis = await startRedis(port);
    expect(await within(5000, () => a.app.redis.status === "ready" && b.redis.status === "ready")).not.toBeNull();
    expect(
      await within(
        3000,
        async () => (await a.app.redis.call("pubsub", "numsub", "davmu:live"))?.toString() === "davmu:live,2",
      ),
    ).not.toBeNull();
    const back = await sendThrough(a.base, marathon, "Redis 回来了");
    const heard = await onB.client.next((f) => f.type === "chat", 2000);
    expect(heard.seq).toBe(back.body.data.seq);
    onA.client.close();
    onB.client.close();
  }, 20000);
});
