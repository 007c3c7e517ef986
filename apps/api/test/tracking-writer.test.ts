import { randomUUID } from "node:crypto";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { within } from "@davmu/test-support/poll";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingDb } from "../src/modules/tracking/tables.ts";
import { startTestServer, type TestServer, testDialect } from "./helper.ts";

let server: TestServer;
/** WeChat on iOS, as a phone sends it */
const phone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2c) NetType/WIFI Language/zh_CN";

/** A batch of `size` new expose events; answers its ids with the body. */
function batch(size: number) {
  const tid = createPublicIdCodec(server.config.hashidSalt, server.config.hashidMinLength).encode(1);
  const ids = Array.from({ length: size }, () => randomUUID());
  const events = ids.map((id) => ({
    event_id: id,
    timestamp: Math.floor(Date.now() / 1000),
    version: "1",
    terminal: "wap",
    tid,
    behavior: "expose",
    device_type: "Android",
    device_os: "Android 14",
    user_id: `device-${randomUUID()}`,
  }));
  return { ids, events };
}

/** Sends a batch; answers the ids acknowledged (all of the batch's, or none) and the answer. */
async function send(size = 20) {
  const { ids, events } = batch(size);
  const answer = await server.post("/tracker/log", events, null, { "user-agent": phone });
  const acknowledged = answer.status === 200 && answer.body.data.accepted === size ? ids : [];
  return { acknowledged, answer };
}

async function storedOf(ids: string[]): Promise<number> {
  await server.app.tracking.flush();
  const row = await trackingDb(server.database.handle.db)
    .selectFrom("tracking_events")
    .where("event_id", "in", ids)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const ready = async () => (await fetch(`${server.base}/readyz`)).status;

beforeAll(async () => {
  server = await startTestServer({
    TRACKING_FLUSH_MS: "20",
    TRACKING_PER_DEVICE_PER_MINUTE: "100000",
    TRACKING_JOURNAL_DIR: "off",
  });
});
afterAll(async () => {
  await server.close();
});

describe("the tracking writer cannot store", () => {
  it("R-REL-3 R-REL-4 R-SRV-6 a writer thread that stops is started again; meanwhile the instance is not ready and the beacon answers 503; nothing acknowledged is lost", async () => {
    const acknowledged: string[] = [];
    acknowledged.push(...(await send()).acknowledged);
    expect(acknowledged).toHaveLength(20);

    const thread = server.app.tracking.writerThread();
    expect(thread).not.toBeNull();
    // events waiting in the buffer when the thread goes
    acknowledged.push(...(await send()).acknowledged);
    await thread?.terminate();

    const refused = await send();
    expect(refused.answer.status).toBe(503);
    expect(refused.answer.headers.get("retry-after")).toBe("5");
    expect(refused.answer.body).toEqual({ code: 503, msg: "统计服务暂时不可用，请稍后再试", data: null });
    expect(await ready()).toBe(503);

    // started again within its first pause (100 ms), and ready once a write has gone through
    expect(await within(5000, async () => (await ready()) === 200), "the instance ready again").not.toBeNull();
    expect(server.app.tracking.writerThread()).not.toBe(thread);
    acknowledged.push(...(await send()).acknowledged);
    expect(acknowledged).toHaveLength(60);
    expect(await storedOf(acknowledged)).toBe(60);
  });

  it.skipIf(testDialect !== "sqlite")(
    "R-REL-4 SQLite locked by another writer past its busy timeout: 503 and not ready until a write goes through; every acknowledged event stored",
    { timeout: 30_000 },
    async () => {
      const path = server.config.database.dialect === "sqlite" ? server.config.database.path : "";
      const other = new SQLite(path);
      other.exec("begin immediate");
      try {
        // taken while the lock holds: the write waits out the busy timeout (5 s), then fails
        const { acknowledged } = await send();
        expect(acknowledged).toHaveLength(20);
        expect(await within(10_000, async () => (await send()).answer.status === 503), "a 503").not.toBeNull();
        expect(await ready()).toBe(503);
        other.exec("rollback");
        expect(await within(5000, async () => (await ready()) === 200), "the instance ready again").not.toBeNull();
        expect(await storedOf(acknowledged)).toBe(20);
      } finally {
        if (other.inTransaction) other.exec("rollback");
        other.close();
      }
    },
  );

  it("R-REL-4 an event with a value the database cannot hold (a NUL in device_os) is refused at the door, and the instance stays ready", async () => {
    const { events } = batch(2);
    (events[0] as Record<string, unknown>).device_os = "Android\u000014";
    (events[1] as Record<string, unknown>).device_os = "iOS \ud800";
    const answer = await server.post("/tracker/log", events, null, { "user-agent": phone });
    expect(answer.status).toBe(400);
    expect(answer.body.data.rejected).toHaveLength(2);
    const { acknowledged } = await send();
    expect(acknowledged).toHaveLength(20);
    expect(await storedOf(acknowledged)).toBe(20);
    expect(await ready()).toBe(200);
  });
});
