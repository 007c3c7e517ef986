import { existsSync } from "node:fs";
import { startRedis } from "@davmu/test-support/launch";
import { sleep, within } from "@davmu/test-support/poll";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app.ts";
import type { CredentialStore } from "../src/modules/wechat/single-flight.ts";
import { loadConfig } from "../src/plugins/config.ts";
import { remoteContentChanges } from "../src/plugins/redis.ts";
import { redisCredentialStore } from "../src/plugins/redis-credentials.ts";
import { startTestServer, type TestServer } from "./helper.ts";

/** The status of a GET, its body read (an unread body keeps the connection the server's close waits for). */
const statusOf = async (url: string) => {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
};

const hasRedis = existsSync("/usr/bin/redis-server");

/**
 * Two instances over one database and one Redis (R-SCALE-1): they share limits, content changes and
 * revocations; Redis going away degrades to counting in each instance, never to errors (R-REL-1).
 */
describe.skipIf(!hasRedis)("two instances sharing Redis", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: TestServer;
  let b: App;
  let bBase: string;
  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, LOGIN_PER_IP_PER_MINUTE: "3" };
    a = await startTestServer(env);
    // the second instance: the same database, its own process state
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
  }, 30000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.child.stop();
  });

  // a wrong password for a phone of its own each time: what stops them is the per-IP limit alone, not
  // the phone's own count of wrong passwords (five lock it)
  let phone = 13900005550;
  const login = (base: string) =>
    fetch(`${base}/peony/v1/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appid: 1, platform: "mobile", account: String(phone++), password: "wrong" }),
    }).then((answer) => answer.status);

  it("R-SCALE-1 per-IP limits are counted once across instances", async () => {
    const statuses = [await login(a.base), await login(bBase), await login(a.base), await login(bBase)];
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it("R-SCALE-1 a content change made on one instance reaches the other's caches", async () => {
    const heard: number[] = [];
    b.contentChanges.subscribe((id) => heard.push(id));
    a.app.contentChanges.publish(424242);
    expect(await within(1000, async () => heard.includes(424242))).not.toBeNull();
  });

  it("R-SCALE-1 a site-only process hears the API instances' content changes for its page cache", async () => {
    // what app.ts hands the site's page cache when this process serves no API (SERVE_API=false)
    const feed = remoteContentChanges(b);
    expect(feed).toBeDefined();
    const heard: number[] = [];
    feed?.subscribe((id) => heard.push(id));
    expect(
      await within(2000, async () => {
        a.app.contentChanges.publish(616161);
        await sleep(50);
        return heard.includes(616161);
      }),
    ).not.toBeNull();
  });

  it("R-SEC-TOKEN an anonymous token logged out through one instance stops on the other at once", async () => {
    const token = await a.anonymousToken();
    const read = (base: string) =>
      fetch(`${base}/peony/v1/app/info`, { headers: { authorization: token } }).then((r) => r.status);
    // the other instance has looked it up (and keeps the lookup for a minute)
    expect(await read(bBase)).toBe(200);
    expect((await a.post("/peony/v1/account/logout", {}, token)).status).toBe(200);
    expect(await within(1000, async () => (await read(bBase)) === 401)).not.toBeNull();
  });

  it("R-SCALE-1 WeChat's access token and ticket are fetched once for the whole cluster, under a Redis lock", async () => {
    const clients = [new Redis(redis.url), new Redis(redis.url)];
    try {
      await Promise.all(clients.map((client) => client.ping()));
      const [one, two] = clients.map((client) => redisCredentialStore(client)) as [CredentialStore, CredentialStore];
      let fetches = 0;
      const fetch = async () => {
        fetches += 1;
        await sleep(200);
        return { value: `ticket-${fetches}`, refreshAt: Date.now() + 60_000 };
      };
      const asked = Array.from({ length: 5 }, () => [one.get("jsapi", fetch), two.get("jsapi", fetch)]).flat();
      expect(new Set(await Promise.all(asked))).toEqual(new Set(["ticket-1"]));
      expect(fetches).toBe(1);
      // refused by WeChat on one instance: dropped for all, fetched once more
      await one.drop("jsapi", "ticket-1");
      // the other instance reads the cluster's copy again within a second
      await sleep(1100);
      expect(await two.get("jsapi", fetch)).toBe("ticket-2");
      expect(await one.get("jsapi", fetch)).toBe("ticket-2");
      expect(fetches).toBe(2);
    } finally {
      for (const client of clients) client.disconnect();
    }
  });

  it("R-REL-1 Redis gone: requests still answer, limits are counted per instance; back, they are shared again", async () => {
    const port = redis.port;
    await redis.child.stop("SIGKILL");
    await sleep(300);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await login(a.base));
    // counted in the process now: a fresh window, the limit still applies
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    expect(statuses).toContain(429);
    expect(await statusOf(`${a.base}/healthz`)).toBe(200);

    redis = await startRedis(port);
    expect(await within(5000, async () => a.app.redis.status === "ready" && b.redis.status === "ready")).not.toBeNull();
    const heard: number[] = [];
    b.contentChanges.subscribe((id) => heard.push(id));
    expect(
      await within(3000, async () => {
        a.app.contentChanges.publish(515151);
        await sleep(50);
        return heard.includes(515151);
      }),
    ).not.toBeNull();
  }, 20000);
});
