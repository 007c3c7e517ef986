/**
 * The product as the live bench's target: the cluster of `npm run cluster` (a throwaway PostgreSQL
 * cluster with the demo data, Redis, two instances; scripts/ops/cluster.ts), the demo's live room
 * with chat, anonymous tokens for the subscribers (as a visitor's page has), and readers logged in
 * through the development SMS outbox to send chat. The limits that guard against one abusive
 * address are raised, since every client of the bench comes from 127.0.0.1.
 */

import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { liveSocketPath } from "@davmu/contracts/live-values";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { root, startRedis } from "@davmu/test-support/launch";
import {
  cpuOf,
  fetchJson,
  type LiveInstance,
  type LiveTarget,
  rssOf,
  sendThrough,
  sleep,
} from "@davmu/test-support/live/target";
import pg from "pg";
import { type Cluster, type Instance, startCluster } from "../../scripts/ops/cluster.ts";

const salt = "bench-live-salt";
const demoRoom = "demo-live-marathon";
const senders = 10;
const subscriberTokens = 50;

async function ensureBuilt() {
  if (existsSync(join(root, "apps/web/build/server/index.js"))) return;
  // the build output is shared with whoever else builds in this checkout: build under its lock
  const built = spawnSync("flock", ["/tmp/davmu-build.lock", "npm", "run", "build", "--silent"], {
    cwd: root,
    stdio: "inherit",
    timeout: 300000,
  });
  if (built.status !== 0) throw new Error("building the site failed");
}

async function roomId(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query(
      "select c.id from contents c join live_rooms r on r.content_id = c.id where c.external_id = $1",
      [demoRoom],
    );
    const id = found.rows[0]?.id as number | undefined;
    if (id === undefined) throw new Error(`the demo data has no live room ${demoRoom}`);
    return createPublicIdCodec(salt, 8).encode(id);
  } finally {
    await client.end();
  }
}

const post = (origin: string, path: string, body: unknown, token?: string) =>
  fetchJson(origin + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });

async function anonymousToken(origin: string): Promise<string> {
  const answer = await post(origin, "/peony/v1/auth", { appid: 1, platform: "mobile" });
  if (answer.body?.code !== 0) throw new Error(`anonymous token: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token as string;
}

async function login(origin: string, phone: string): Promise<string> {
  const anonymous = await anonymousToken(origin);
  const sent = await fetchJson(`${origin}/peony/v1/vcode?tel=${phone}&type=6`, {
    headers: { authorization: anonymous },
  });
  if (sent.body?.code !== 0) throw new Error(`code for ${phone}: ${JSON.stringify(sent.body)}`);
  const outbox = await fetchJson(`${origin}/dev/sms-outbox?tel=${phone}`);
  const code = outbox.body?.data?.list?.[0]?.code as string | undefined;
  const answer = await post(origin, "/peony/v1/auth", {
    appid: 1,
    platform: "mobile",
    account: phone,
    verify_code: code,
  });
  if (answer.body?.code !== 0) throw new Error(`login ${phone}: ${JSON.stringify(answer.body)}`);
  return answer.body.data.token as string;
}

export async function productTarget(): Promise<LiveTarget> {
  await ensureBuilt();
  const metricsKey = randomBytes(24).toString("hex");
  const cluster: Cluster = await startCluster({
    env: {
      HASHID_SALT: salt,
      METRICS_KEY: metricsKey,
      ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "100000",
      ANONYMOUS_TOKENS_PER_DEVICE_PER_MINUTE: "100000",
      OTP_PER_IP_PER_HOUR: "100000",
      LOGIN_PER_IP_PER_MINUTE: "100000",
      COMMENTS_PER_IP_PER_MINUTE: "100000",
      LIVE_CHAT_PER_USER_PER_MINUTE: "1000",
    },
  });
  try {
    const origin = (i: number) => (cluster.instances[i] as Instance).origin;
    const room = await roomId(cluster.databaseUrl);
    const tokens = await Promise.all(Array.from({ length: subscriberTokens }, (_, i) => anonymousToken(origin(i % 2))));
    const senderTokens: string[] = [];
    for (let i = 0; i < senders; i++) senderTokens.push(await login(origin(0), `1390000${String(7000 + i)}`));
    let nextSender = 0;
    const view = (i: number): LiveInstance => {
      const instance = cluster.instances[i] as Instance;
      return { host: "127.0.0.1", port: instance.port, child: instance.child };
    };
    const instances = cluster.instances.map((_, i) => view(i));
    return {
      name: "the product: PostgreSQL, Redis, two instances (scripts/ops/cluster.ts)",
      instances,
      path: liveSocketPath,
      room,
      tokens,
      send(content, i) {
        const token = senderTokens[nextSender++ % senderTokens.length] as string;
        return sendThrough(origin(i), `/peony/v3/live/chat/${room}/send_msg`, { content }, { authorization: token });
      },
      async latestSeq(i) {
        const answer = await fetchJson(`${origin(i)}/peony/v3/live/chat/${room}?limit=1`, {
          headers: { authorization: tokens[0] as string },
        });
        if (typeof answer.body?.data?.seq !== "number") throw new Error(`chat history: ${JSON.stringify(answer.body)}`);
        return answer.body.data.seq as number;
      },
      cpu: (i) => cpuOf((cluster.instances[i] as Instance).child.process.pid as number),
      async memory(i) {
        const rss = rssOf((cluster.instances[i] as Instance).child.process.pid as number);
        const metrics = await fetchJson(`${origin(i)}/metrics`, { headers: { authorization: `Bearer ${metricsKey}` } });
        const heap =
          typeof metrics.body === "string" ? /^nodejs_heap_size_used_bytes (\S+)$/m.exec(metrics.body) : null;
        return { rss, heap: heap ? Number(heap[1]) : null };
      },
      async kill(i) {
        await (cluster.instances[i] as Instance).child.stop("SIGKILL");
      },
      async restart(i) {
        await cluster.restart(i);
        instances[i] = view(i);
      },
      async restartRedis(downMs) {
        const port = cluster.redis.port;
        await cluster.redis.child.stop("SIGKILL");
        await sleep(downMs);
        cluster.redis = await startRedis(port);
      },
      async stop() {
        await cluster.stop();
        // the Redis started again by the chaos part, if it ran
        await cluster.redis.child.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
