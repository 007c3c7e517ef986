/**
 * `npm run test:faults`: the fault suite (R-REL-1..5, R-SCALE-1), outside `npm test` for its
 * length. It starts the cluster of `npm run cluster` (PostgreSQL, Redis, two instances, nginx, on
 * loopback), breaks it the ways production breaks, under load, and checks what clients saw and what
 * the database kept. Prints each result and writes the figures into docs/reliability.md (between
 * its markers); exits non-zero when one fails.
 * Usage: npm run test:faults [-- --long-seconds 60]
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { root, startRedis } from "@davmu/test-support/launch";
import autocannon from "autocannon";
import pg from "pg";
import { parallelPictures } from "./faults-pictures.ts";
import { type Cluster, startCluster } from "./ops/cluster.ts";
import {
  type BeaconLoadReport,
  fiveHundreds,
  type LoadReport,
  sleep,
  startBeaconLoad,
  startWriteLoad,
} from "./ops/load.ts";
import { postgresControl } from "./ops/postgres-control.ts";

const phoneUa = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.44";
const longIndex = process.argv.indexOf("--long-seconds");
const longSeconds = longIndex > 0 ? Number(process.argv[longIndex + 1]) : 60;
const statementTimeoutMs = 2000;

interface Result {
  name: string;
  pass: boolean;
  figures: Record<string, unknown>;
}
const results: Result[] = [];
function record(name: string, pass: boolean, figures: Record<string, unknown>) {
  results.push({ name, pass, figures });
  console.log(`${pass ? "PASS" : "FAIL"} ${name} ${JSON.stringify(figures)}`);
}

async function lost(cluster: Cluster, report: LoadReport): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const hashes = report.acknowledged.map((token) => createHash("sha256").update(token).digest("hex"));
    const found = await client.query("select count(*)::int as n from sessions where token_hash = any($1)", [hashes]);
    return hashes.length - (found.rows[0].n as number);
  } finally {
    await client.end();
  }
}

const summary = (report: LoadReport) => ({
  requests: report.requests,
  byStatus: report.byStatus,
  errors: report.errors,
  acknowledged: report.acknowledged.length,
  maxLatencyMs: Math.round(report.maxLatencyMs),
});

/** First time (ms after `from`) an answer 200 was sent after `from`, from the load's timeline. */
function recoveredAfter(report: LoadReport, from: number): number | null {
  const first = report.timeline.filter((t) => t.at >= from && t.status === 200).sort((a, b) => a.at - b.at)[0];
  return first ? Math.round(first.at + first.ms - from) : null;
}

async function sigtermUnderLoad(cluster: Cluster) {
  const load = startWriteLoad(cluster.nginx.origin);
  await sleep(1500);
  const exit = await cluster.instances[0]?.child.stop("SIGTERM");
  await sleep(1500);
  const report = await load.stop();
  const missing = await lost(cluster, report);
  const errors = Object.values(report.errors).reduce((a, b) => a + b, 0);
  record(
    "SIGTERM of one instance under write load, through nginx",
    exit === 0 && missing === 0 && errors === 0 && fiveHundreds(report) === 0,
    {
      ...summary(report),
      exitCode: exit,
      lost: missing,
    },
  );
  await cluster.restart(0);
}

async function postgresStopped(cluster: Cluster) {
  const control = await postgresControl(cluster.postgres.adminUrl);
  const load = startWriteLoad(cluster.nginx.origin);
  await sleep(1000);
  control.stop();
  await sleep(3000);
  control.start();
  const back = load.elapsed();
  await sleep(6000);
  const report = await load.stop();
  const recovery = recoveredAfter(report, back);
  const other5xx = fiveHundreds(report) - (report.byStatus[503] ?? 0);
  const missing = await lost(cluster, report);
  record(
    "PostgreSQL stopped for 3 s and started under load",
    recovery !== null &&
      recovery <= 5000 &&
      other5xx === 0 &&
      missing === 0 &&
      report.maxLatencyMs < statementTimeoutMs + 3000,
    { ...summary(report), recoveryMs: recovery, lost: missing },
  );
}

async function postgresFrozen(cluster: Cluster) {
  const control = await postgresControl(cluster.postgres.adminUrl);
  const load = startWriteLoad(cluster.nginx.origin);
  await sleep(1000);
  const thaw = control.freeze();
  await sleep(5000);
  thaw();
  const back = load.elapsed();
  await sleep(6000);
  const report = await load.stop();
  const recovery = recoveredAfter(report, back);
  const other5xx = fiveHundreds(report) - (report.byStatus[503] ?? 0);
  const missing = await lost(cluster, report);
  record(
    "PostgreSQL frozen (SIGSTOP) for 5 s under load",
    recovery !== null &&
      recovery <= 5000 &&
      other5xx === 0 &&
      missing === 0 &&
      report.maxLatencyMs < statementTimeoutMs + 3000,
    { ...summary(report), recoveryMs: recovery, lost: missing },
  );
}

async function redisKilled(cluster: Cluster) {
  const load = startWriteLoad(cluster.nginx.origin);
  await sleep(1000);
  const port = cluster.redis.port;
  await cluster.redis.child.stop("SIGKILL");
  await sleep(3000);
  cluster.redis = await startRedis(port);
  await sleep(3000);
  const report = await load.stop();
  const missing = await lost(cluster, report);
  const errors = Object.values(report.errors).reduce((a, b) => a + b, 0);
  record("Redis killed for 3 s and started under load", fiveHundreds(report) === 0 && errors === 0 && missing === 0, {
    ...summary(report),
    lost: missing,
  });
}

/** Acknowledged events not in the database, waiting up to `ms` for the buffers' writes to land. */
async function eventsLost(cluster: Cluster, report: BeaconLoadReport, ms = 10_000): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = await client.query("select count(*)::int as n from tracking_events where event_id = any($1)", [
        report.acknowledged,
      ]);
      const missing = report.acknowledged.length - (found.rows[0].n as number);
      if (missing === 0 || Date.now() > deadline) return missing;
      await sleep(250);
    }
  } finally {
    await client.end();
  }
}

/** A content id the beacon takes: the first article of the home page. */
async function someContentId(cluster: Cluster): Promise<string> {
  const home = await (await fetch(`${cluster.instances[0]?.origin}/davmu/share/`)).text();
  const id = /href="\/davmu\/share\/[^"]+\/doc\/[^"]+\/([^/"]+)\/index\.html"/.exec(home)?.[1];
  if (!id) throw new Error("no article link on the home page");
  return id;
}

const beaconSummary = (report: BeaconLoadReport) => ({
  batches: report.requests,
  byStatus: report.byStatus,
  errors: report.errors,
  eventsAcknowledged: report.acknowledged.length,
});

/**
 * PostgreSQL restarted in immediate mode (a crash: every backend ended at once) three times under
 * session writes and beacons, through `origin` (R-REL-3, R-REL-4): no instance exits, each restart is
 * served again within 5 s, no acknowledged write or event is lost.
 */
async function postgresRestartedImmediately(cluster: Cluster, origin: string, name: string) {
  const control = await postgresControl(cluster.postgres.adminUrl);
  const tid = await someContentId(cluster);
  const writes = startWriteLoad(origin, { workers: 8 });
  const beacons = startBeaconLoad(origin, tid, { workers: 4 });
  const restarts: number[] = [];
  for (let i = 0; i < 3; i++) {
    await sleep(2000);
    control.restartImmediately();
    restarts.push(writes.elapsed());
  }
  await sleep(6000);
  const report = await writes.stop();
  const sent = await beacons.stop();
  const recoveries = restarts.map((at) => recoveredAfter(report, at));
  const exits = cluster.instances.filter((instance) => instance.child.process.exitCode !== null).length;
  const missing = await lost(cluster, report);
  const eventsMissing = await eventsLost(cluster, sent);
  const other5xx = fiveHundreds(report) - (report.byStatus[503] ?? 0);
  const beacon5xx = Object.entries(sent.byStatus)
    .filter(([status]) => Number(status) >= 500 && status !== "503")
    .reduce((sum, [, count]) => sum + count, 0);
  record(
    `PostgreSQL restarted in immediate mode 3 times under session and beacon load, ${name}`,
    exits === 0 &&
      recoveries.every((ms) => ms !== null && ms <= 5000) &&
      missing === 0 &&
      eventsMissing === 0 &&
      other5xx === 0 &&
      beacon5xx === 0,
    {
      ...summary(report),
      recoveryMs: recoveries,
      exits,
      lost: missing,
      beacons: beaconSummary(sent),
      eventsLost: eventsMissing,
    },
  );
  for (const [index, instance] of cluster.instances.entries()) {
    if (instance.child.process.exitCode !== null) await cluster.restart(index);
  }
}

/**
 * SIGKILL of one instance under beacon load, sent to it directly (R-REL-4): what it acknowledged and
 * had not written is in its journal, which the instance started again in its place replays.
 */
async function instanceKilledUnderBeacons(cluster: Cluster) {
  const tid = await someContentId(cluster);
  const target = cluster.instances[0] as Cluster["instances"][0];
  const beacons = startBeaconLoad(target.origin, tid, { workers: 4 });
  await sleep(2500);
  await target.child.stop("SIGKILL");
  const sent = await beacons.stop();
  const restartStarted = performance.now();
  await cluster.restart(0);
  const restartMs = Math.round(performance.now() - restartStarted);
  const missing = await eventsLost(cluster, sent);
  record("SIGKILL of one instance under beacon load; the instance started again replays its journal", missing === 0, {
    ...beaconSummary(sent),
    restartMs,
    eventsLost: missing,
  });
}

async function manyConnections(cluster: Cluster) {
  // the home page on a phone: the page cache's path, through nginx to both instances
  const result = await autocannon({
    url: `${cluster.nginx.origin}/davmu/share/`,
    headers: { "user-agent": phoneUa },
    connections: 1000,
    duration: longSeconds,
  });
  const non2xx = result.non2xx;
  record(
    `1,000 connections for ${longSeconds} s through nginx`,
    result.errors === 0 && non2xx === 0 && result.timeouts === 0,
    {
      requests: result.requests.total,
      perSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx,
    },
  );
}

async function commentSeenOnOtherInstance(cluster: Cluster) {
  const [a, b] = cluster.instances as [Cluster["instances"][0], Cluster["instances"][0]];
  const home = await (await fetch(`${b.origin}/davmu/share/`)).text();
  const article = /href="(\/davmu\/share\/[^"]+\/doc\/[^"]+\/index\.html)"/.exec(home)?.[1];
  if (!article) throw new Error("no article link on the home page");
  await fetch(b.origin + article);
  const cached = await fetch(b.origin + article);
  await cached.text();
  const phone = "13800138003";
  const anon = (await (await fetch(`${a.origin}/peony/v1/auth`, json({ appid: 1, platform: "mobile" }))).json()).data
    .token;
  await fetch(`${a.origin}/peony/v1/vcode?tel=${phone}&type=6`, { headers: { authorization: anon } });
  const outbox = await (await fetch(`${a.origin}/dev/sms-outbox?tel=${phone}`)).json();
  const login = await (
    await fetch(
      `${a.origin}/peony/v1/auth`,
      json({ appid: 1, platform: "mobile", account: phone, verify_code: outbox.data.list[0]?.code }),
    )
  ).json();
  const text = `多实例评论${Date.now()}`;
  const postId = article.split("/").at(-2);
  const posted = await fetch(`${a.origin}/peony/v1/comment/${postId}`, {
    ...json({ content: text }),
    headers: { "content-type": "application/json", authorization: login.data.token },
  });
  const at = performance.now();
  let seenMs: number | null = null;
  while (performance.now() - at < 3000) {
    if ((await (await fetch(b.origin + article)).text()).includes(text)) {
      seenMs = Math.round(performance.now() - at);
      break;
    }
    await sleep(25);
  }
  record(
    "a comment posted through one instance shows on the other's cached page",
    posted.status === 200 && seenMs !== null && seenMs <= 1000,
    {
      pageWasCached: cached.headers.get("x-cache"),
      commentStatus: posted.status,
      seenAfterMs: seenMs,
    },
  );
}

const json = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

async function limitsAcrossInstances(cluster: Cluster) {
  const [a, b] = cluster.instances as [Cluster["instances"][0], Cluster["instances"][0]];
  const token = (await (await fetch(`${a.origin}/peony/v1/auth`, json({ appid: 1, platform: "mobile" }))).json()).data
    .token;
  const phone = "13900001234";
  const first = await fetch(`${a.origin}/peony/v1/vcode?tel=${phone}&type=6`, { headers: { authorization: token } });
  const second = await fetch(`${b.origin}/peony/v1/vcode?tel=${phone}&type=6`, { headers: { authorization: token } });
  // phone logins per address are counted in Redis: 3 through one instance, 3 through the other
  const statuses: number[] = [];
  for (const instance of [a, a, a, b, b, b]) {
    const answer = await fetch(`${instance.origin}/peony/v1/auth`, {
      ...json({ appid: 1, platform: "mobile", account: "13900004321", password: "x" }),
      // a visitor of its own, as nginx would name it (the instances trust loopback)
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" },
    });
    statuses.push(answer.status);
  }
  record(
    "a code sent through one instance counts against the other's limits; login limits are shared",
    first.status === 200 && second.status === 429 && statuses.filter((s) => s === 429).length === 1,
    {
      codeThroughA: first.status,
      sameCodeThroughB: second.status,
      loginsAcrossBoth: statuses,
    },
  );
}

function writeReport() {
  const file = join(root, "docs/reliability.md");
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const lines = [
    "<!-- faults:start -->",
    `Run of ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine} (\`npm run test:faults\`):`,
    "",
    "| Fault | Result | Figures |",
    "| --- | --- | --- |",
    ...results.map((r) => `| ${r.name} | ${r.pass ? "pass" : "**fail**"} | \`${JSON.stringify(r.figures)}\` |`),
    "<!-- faults:end -->",
  ];
  const text = readFileSync(file, "utf8");
  const start = text.indexOf("<!-- faults:start -->");
  const end = text.indexOf("<!-- faults:end -->");
  if (start < 0 || end < 0) throw new Error("docs/reliability.md has no faults markers");
  writeFileSync(file, text.slice(0, start) + lines.join("\n") + text.slice(end + "<!-- faults:end -->".length));
}

const cluster = await startCluster({
  env: {
    ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "100000",
    LOGIN_PER_IP_PER_MINUTE: "5",
    DB_STATEMENT_TIMEOUT_MS: String(statementTimeoutMs),
    DB_CONNECT_TIMEOUT_MS: "2000",
    OTP_PER_IP_PER_HOUR: "100000",
  },
});
try {
  for (const fault of [
    commentSeenOnOtherInstance,
    limitsAcrossInstances,
    sigtermUnderLoad,
    redisKilled,
    postgresStopped,
    postgresFrozen,
    function postgresRestartedOnOneInstance(c: Cluster) {
      return postgresRestartedImmediately(c, c.instances[0]?.origin as string, "one instance");
    },
    function postgresRestartedThroughNginx(c: Cluster) {
      return postgresRestartedImmediately(c, c.nginx.origin, "two instances through nginx");
    },
    instanceKilledUnderBeacons,
    manyConnections,
  ]) {
    try {
      await fault(cluster);
    } catch (error) {
      record(fault.name, false, { error: (error as Error).message.slice(0, 500) });
    }
  }
} finally {
  await cluster.stop();
  // the Redis started again by the Redis fault, if it ran
  await cluster.redis.child.stop();
}
// heavy work on an instance of its own (R-REL-5): ten readers each send a ~10 MB photo at once
try {
  const pictures = await parallelPictures(10, {}, () => {});
  record(
    "ten tips with a ~10 MB photo each at once, to one instance: every answer within 30 s, memory back within 20%",
    pictures.pass,
    pictures.figures,
  );
} catch (error) {
  record("ten tips with a ~10 MB photo each at once", false, { error: (error as Error).message.slice(0, 500) });
}
writeReport();
process.exit(results.every((r) => r.pass) ? 0 : 1);
