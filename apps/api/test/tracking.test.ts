import { randomUUID } from "node:crypto";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import corpus from "@davmu/contracts/user-agent-corpus.json" with { type: "json" };
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTracking } from "../src/modules/tracking/repository.ts";
import { trackingDb } from "../src/modules/tracking/tables.ts";
import { startTestServer, type TestServer } from "./helper.ts";

let server: TestServer;
/** A phone's browser (requests without a browser's user agent are robots' to the robot check, packages/contracts/src/robot.ts). */
const phone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const post = (body: unknown, headers: Record<string, string> = {}) =>
  server.post("/tracker/log", body, null, { "user-agent": phone, ...headers });
const codec = () => createPublicIdCodec(server.config.hashidSalt, server.config.hashidMinLength);

/** An event as the page's tracker sends it (spec §7), for content ids 1.. */
function event(behavior: string, extra: Record<string, unknown> = {}, device = "device-0001") {
  const base: Record<string, unknown> = {
    event_id: randomUUID(),
    timestamp: Math.floor(Date.now() / 1000),
    version: "1",
    terminal: "wap",
    tid: codec().encode(1),
    behavior,
    device_type: "Android",
    device_os: "Android 14",
    user_id: device,
    visit: "visit-0001",
  };
  if (behavior === "read") Object.assign(base, { duration: 30, percent: 40 });
  return { ...base, ...extra };
}

async function storedEvents(): Promise<number> {
  await server.app.tracking.flush();
  const row = await trackingDb(server.database.handle.db)
    .selectFrom("tracking_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  server = await startTestServer({ TRACKING_PER_DEVICE_PER_MINUTE: "50", TRACKING_FLUSH_MS: "50" });
});
afterAll(async () => {
  await server.close();
});

describe("POST /tracker/log", () => {
  it("R-TRACK-1 R-TRACK-5 takes one event or a batch, in the body of spec §7, as JSON or as a beacon's text/plain", async () => {
    const before = await storedEvents();
    const one = await post(event("view", { page_type: "docDetailspage", series: "imagetext" }));
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ accepted: 1, duplicates: 0, ignored: 0, rejected: [] });
    const beacon = await post(JSON.stringify([event("read"), event("expose")]), {
      "content-type": "text/plain;charset=UTF-8",
    });
    expect(beacon.status).toBe(200);
    expect(beacon.body.data.accepted).toBe(2);
    expect(await storedEvents()).toBe(before + 3);
  });

  it("R-TRACK-5 a batch keeps its good events and refuses each bad one with its reason", async () => {
    const before = await storedEvents();
    const batch = [
      event("read"),
      event("read", { percent: 150 }),
      event("read", { duration: undefined }),
      event("click"),
      event("view", { tid: "not*an*id" }),
      event("view", { tid: "AAAAAAAAAAAA" }),
      event("view", { timestamp: Math.floor(Date.now() / 1000) + 86_400 }),
      event("view", { version: "2" }),
      event("expose", { extra_field: 1 }),
      "not an object",
      event("expose", { tid: [codec().encode(2), codec().encode(3)].join("|") }),
    ];
    const answer = await post(batch);
    expect(answer.status).toBe(200);
    expect(answer.body.data.accepted).toBe(2);
    const reasons = Object.fromEntries(
      answer.body.data.rejected.map((r: { index: number; reason: string }) => [r.index, r.reason]),
    );
    expect(Object.keys(reasons).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(reasons[1]).toMatch(/percent/);
    expect(reasons[2]).toMatch(/duration/);
    expect(reasons[3]).toMatch(/behavior/);
    expect(reasons[4]).toMatch(/tid/);
    expect(reasons[5]).toMatch(/无效的内容 id/);
    expect(reasons[6]).toMatch(/未来/);
    expect(reasons[7]).toMatch(/version/);
    expect(reasons[8]).toMatch(/extra_field/);
    expect(reasons[9]).toMatch(/JSON 对象/);
    // one row an event: the good expose names two items in its content_ids
    expect(await storedEvents()).toBe(before + 2);
    const expose = await trackingDb(server.database.handle.db)
      .selectFrom("tracking_events")
      .select("content_ids")
      .where("event_id", "=", String((batch[10] as { event_id: string }).event_id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(expose.content_ids)).toEqual([2, 3]);
  });

  it("R-TRACK-5 a request with no good event is refused 400 with every reason; a body that is not one is refused too", async () => {
    const bad = await post(event("read", { percent: -1 }));
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/事件无效：第1条 percent/);
    expect(bad.body.data.rejected).toHaveLength(1);
    for (const body of ["[]", "not json", JSON.stringify(Array.from({ length: 101 }, () => event("view"))), "42"]) {
      const answer = await post(body, { "content-type": "text/plain" });
      expect(answer.status, body.slice(0, 20)).toBe(400);
      expect(answer.body.code).toBe(400);
    }
  });

  it("R-TRACK-5 an event sent again is dropped by its event id, within a batch, across batches and across servers at once", async () => {
    const before = await storedEvents();
    const first = event("view");
    const again = await post([first, first, event("view")]);
    expect(again.body.data).toMatchObject({ accepted: 2, duplicates: 1 });
    const later = await post([first]);
    expect(later.body.data).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await storedEvents()).toBe(before + 2);

    // two servers that have not seen it take the same events at the same moment: stored once
    const events = Array.from({ length: 40 }, () =>
      event("expose", { tid: `${codec().encode(5)}|${codec().encode(6)}` }),
    );
    const options = {
      config: server.config.tracking,
      codec: codec(),
      dialect: server.database.handle.dialect,
      log: server.app.log,
    };
    const a = createTracking(server.database.handle.db, options);
    const b = createTracking(server.database.handle.db, options);
    a.take(events, false);
    b.take(events, false);
    await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);
    expect(await storedEvents()).toBe(before + 2 + 40);
    // and counted once in the roll-ups: only the writer that stored a row counts it
    const exposures = await trackingDb(server.database.handle.db)
      .selectFrom("tracking_hourly")
      .select(["content_id", (eb) => eb.fn.sum<number>("exposures").as("n")])
      .where("content_id", "in", [5, 6])
      .groupBy("content_id")
      .orderBy("content_id")
      .execute();
    expect(exposures.map((row) => Number(row.n))).toEqual([40, 40]);
    await Promise.all([a.close(), b.close()]);
  });

  it("R-TRACK-5 robots' events are ignored", async () => {
    const before = await storedEvents();
    const answer = await post([event("view"), event("read")], {
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ accepted: 0, duplicates: 0, ignored: 2, rejected: [] });
    expect(await storedEvents()).toBe(before);
  });

  it("R-FIELD-1 R-TRACK-5 WeChat for Android (Process/toolsmp and tools), Alipay and Toutiao readers are counted; Baidu's and Sogou's spiders are not", async () => {
    const real = (pattern: RegExp, robot: boolean) => {
      const agent = corpus.agents.find((a) => a.robot === robot && pattern.test(a.ua));
      if (!agent) throw new Error(`no ${pattern} in the corpus`);
      return agent.ua;
    };
    const people = [
      real(/Android.*MicroMessenger\/8.*Process\/toolsmp/, false),
      real(/Android.*MicroMessenger.*Process\/tools /, false),
      real(/AlipayClient/, false),
      real(/NewsArticle/, false),
    ];
    const before = await storedEvents();
    for (const [i, ua] of people.entries()) {
      const answer = await post([event("view", {}, `device-field-${i}`)], { "user-agent": ua });
      expect(answer.status, ua).toBe(200);
      expect(answer.body.data, ua).toMatchObject({ accepted: 1, ignored: 0 });
    }
    expect(await storedEvents()).toBe(before + people.length);
    for (const ua of [real(/Baiduspider\/2\.0/, true), real(/Sogou web spider/, true)]) {
      const answer = await post([event("view", {}, "device-field-robot")], { "user-agent": ua });
      expect(answer.status, ua).toBe(200);
      expect(answer.body.data, ua).toEqual({ accepted: 0, duplicates: 0, ignored: 1, rejected: [] });
    }
    expect(await storedEvents()).toBe(before + people.length);
  });

  it("R-TRACK-5 a device sending too many events is refused 429; other devices go on", async () => {
    const device = `flood-${randomUUID()}`;
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await post(Array.from({ length: 10 }, () => event("expose", {}, device))));
    }
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]?.status).toBe(429);
    expect(answers[5]?.body.msg).toMatch(/频繁/);
    const other = await post(event("view", {}, `calm-${randomUUID()}`));
    expect(other.status).toBe(200);
  });
});

/** A raw HTTP request (no client library adding a length or a type), for the forms fetch cannot send. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | null,
  chunked = false,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.base}${path}`, { method, headers, timeout: 5000 }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
      });
    });
    request.on("timeout", () => request.destroy(new Error("no answer within 5 s")));
    request.on("error", reject);
    if (body !== null && chunked) {
      // two writes without a Content-Length: Transfer-Encoding chunked
      request.write(body.slice(0, 10));
      request.end(body.slice(10));
    } else request.end(body ?? undefined);
  });
}

describe("the beacon answered before Fastify", () => {
  it("R-TRACK-5 answers as the Fastify route does, with the security headers, a trace id and its count in the metrics", async () => {
    const batch = () => [event("view"), event("read", { percent: 150 })];
    const early = await post(batch());
    const routed = await server.app.inject({
      method: "POST",
      url: "/tracker/log",
      headers: { "content-type": "application/json", "user-agent": phone },
      payload: JSON.stringify(batch()),
    });
    expect(early.status).toBe(200);
    expect(routed.statusCode).toBe(200);
    const strip = (body: any) => ({
      ...body,
      data: { ...body.data, rejected: body.data.rejected.map((r: any) => ({ ...r, event_id: null })) },
    });
    expect(strip(early.body)).toEqual(strip(routed.json()));
    expect(early.body.data).toMatchObject({ accepted: 1, rejected: [{ index: 1 }] });
    for (const name of ["x-content-type-options", "x-frame-options", "x-trace-id"]) {
      expect(early.headers.get(name), name).toBeTruthy();
      expect(routed.headers[name], name).toBeTruthy();
    }
    expect(early.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const metrics = await server.app.metrics.registry.getSingleMetricAsString("davmu_http_requests_total");
    expect(metrics).toMatch(/route="\/tracker\/log",method="POST",status="200"\} [1-9]/);
  });

  it("R-TRACK-5 a beacon over HTTP never reaches Fastify's hooks; an injected one (and a chunked one) does", async () => {
    const seen: string[] = [];
    const other = await startTestServer({}, (app) => {
      app.addHook("onRequest", (request, _reply, done) => {
        seen.push(request.url);
        done();
      });
    });
    try {
      const answer = await other.post("/tracker/log", [event("view")], null, { "user-agent": phone });
      expect(answer.status).toBe(200);
      expect(seen).toEqual([]);
      const injected = await other.app.inject({
        method: "POST",
        url: "/tracker/log",
        headers: { "content-type": "application/json", "user-agent": phone },
        payload: JSON.stringify([event("view")]),
      });
      expect(injected.statusCode).toBe(200);
      expect(seen).toEqual(["/tracker/log"]);
    } finally {
      await other.close();
    }
  });

  it("R-TRACK-5 bad bodies get a clear 400 from the early answer; what it does not take (type, length, chunks, forwarded host) Fastify answers", async () => {
    const typed = { "content-type": "application/json", "user-agent": phone };
    const one = JSON.stringify([event("view")]);
    const cases: Array<[string, Promise<{ status: number; body: any }>, number, RegExp]> = [
      ["not JSON", raw("POST", "/tracker/log", typed, "{not json"), 400, /不是 JSON/],
      ["empty list", raw("POST", "/tracker/log", typed, "[]"), 400, /至少/],
      ["a number", raw("POST", "/tracker/log", typed, "42"), 400, /事件/],
      ["null", raw("POST", "/tracker/log", typed, "null"), 400, /事件/],
      [
        "101 events",
        raw("POST", "/tracker/log", typed, JSON.stringify(Array.from({ length: 101 }, () => event("view")))),
        400,
        /至多 100/,
      ],
      ["an infinite number", raw("POST", "/tracker/log", typed, `{"behavior":"view","timestamp":1e400}`), 400, /数值/],
      [
        "an unknown type",
        raw("POST", "/tracker/log", { ...typed, "content-type": "text/html" }, one),
        415,
        /Content-Type/,
      ],
      ["no type", raw("POST", "/tracker/log", { "user-agent": phone }, one), 415, /Content-Type/],
      [
        "too large",
        raw(
          "POST",
          "/tracker/log",
          typed,
          JSON.stringify(Array.from({ length: 100 }, () => ({ ...event("view"), pad: "x".repeat(3000) }))),
        ),
        413,
        /过大/,
      ],
      [
        "a bad X-Forwarded-Host",
        raw("POST", "/tracker/log", { ...typed, "x-forwarded-host": "a b" }, one),
        400,
        /X-Forwarded-Host/,
      ],
      ["a query string", raw("POST", "/tracker/log?x=1", typed, "{not json"), 400, /JSON/],
    ];
    for (const [name, answer, status, msg] of cases) {
      const { status: got, body } = await answer;
      expect(got, name).toBe(status);
      expect(body.msg, name).toMatch(msg);
      expect(body.data === null || typeof body.data === "object", name).toBe(true);
    }
    // a chunked body (no Content-Length) goes through Fastify, and is taken all the same
    const chunked = await raw("POST", "/tracker/log", typed, JSON.stringify([event("view")]), true);
    expect(chunked.status).toBe(200);
    expect(chunked.body.data.accepted).toBe(1);
    // a body cut short of its Content-Length is never answered as taken
    const short = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(server.base).port), "127.0.0.1", () => {
        socket.end(
          `POST /tracker/log HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n[{"behavior":"view"}]`,
        );
      });
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk) => (text += chunk));
      socket.on("close", () => resolve(text));
      socket.setTimeout(5000, () => socket.destroy());
    });
    expect(short).not.toMatch(/ 200 /);
    // and the server goes on
    expect((await post([event("view")])).status).toBe(200);
  });
});

describe("roll-ups and retention", () => {
  it("R-STATS-1 hourly roll-ups count views, a visit's reads once with its longest time and deepest scroll, exposures per item, open-app outcomes", async () => {
    const id = codec().encode(7);
    const visit = `visit-${randomUUID()}`;
    const at = Math.floor(Date.now() / 1000);
    await post([
      event("view", { tid: id, timestamp: at }),
      event("read", { tid: id, visit, duration: 10, percent: 30, timestamp: at }),
      event("read", { tid: id, visit, duration: 40, percent: 80, timestamp: at }),
      event("read", { tid: id, visit: `visit-${randomUUID()}`, duration: 20, percent: 100, timestamp: at }),
      event("expose", { tid: `${id}|${codec().encode(8)}`, timestamp: at }),
      event("expose", { tid: id, timestamp: at }),
      event("open_app", { tid: id, outcome: "launched", timestamp: at }),
    ]);
    await server.app.tracking.rollUp();
    const hour = Math.floor((at * 1000) / 3_600_000) * 3_600_000;
    const row = await trackingDb(server.database.handle.db)
      .selectFrom("tracking_hourly")
      .selectAll()
      .where("content_id", "=", 7)
      .where("hour", "=", hour)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      views: 1,
      reads: 2,
      exposures: 2,
      depth_0: 0,
      depth_25: 0,
      depth_50: 0,
      depth_75: 1,
      depth_100: 1,
    });
    expect(Number(row.read_seconds)).toBe(60);
    expect(JSON.parse(row.outcomes_json)).toEqual({ launched: 1 });
  });

  it("R-TRACK-5 raw events older than TRACKING_RETENTION_DAYS are removed; their roll-ups stay", async () => {
    const db = trackingDb(server.database.handle.db);
    const old = Date.now() - (server.config.tracking.retentionDays + 2) * 86_400_000;
    const hour = Math.floor(old / 3_600_000) * 3_600_000;
    await db
      .insertInto("tracking_events")
      .values({
        event_id: `old-${randomUUID()}`,
        content_ids: "[9]",
        behavior: "view",
        at: old,
        hour,
        visit: "old-visit",
        duration: null,
        percent: null,
        page_type: null,
        series: null,
        outcome: null,
        device_type: "IOS",
        device_os: "iOS 17.1",
        user_id: "device-old",
        received_at: old,
      })
      .execute();
    const { rollUpHour } = await import("../src/modules/tracking/rollup.ts");
    await rollUpHour(db, hour);
    expect(await server.app.tracking.removeExpired()).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom("tracking_events").select("event_id").where("content_ids", "=", "[9]").execute();
    expect(left).toEqual([]);
    const kept = await db
      .selectFrom("tracking_hourly")
      .select("views")
      .where("content_id", "=", 9)
      .executeTakeFirstOrThrow();
    expect(kept.views).toBe(1);
    // and an event that old is refused at the door
    const late = await post(event("view", { timestamp: Math.floor(old / 1000) }));
    expect(late.status).toBe(400);
    expect(late.body.msg).toMatch(/保留期限/);
  });
});
