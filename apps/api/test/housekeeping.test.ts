import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpired } from "../src/plugins/housekeeping.ts";
import { startTestServer, type TestServer } from "./helper.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("housekeeping and the anonymous token flood", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "40",
      ANONYMOUS_TOKENS_PER_DEVICE_PER_MINUTE: "5",
    });
  });
  afterAll(() => server.close());

  const countSessions = async () =>
    Number(
      (
        await server.database.handle.db
          .selectFrom("sessions")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const anonymous = (deviceId?: string) =>
    server
      .post("/peony/v1/auth", { appid: 1, platform: "mobile", ...(deviceId ? { device_id: deviceId } : {}) })
      .then((answer) => answer);

  it("R-SEC-RATE anonymous tokens are limited per address: a flood of 300 makes 40 rows, the rest get 429", async () => {
    const before = await countSessions();
    const answers = [];
    for (let round = 0; round < 6; round++)
      answers.push(...(await Promise.all(Array.from({ length: 50 }, () => anonymous()))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(40);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body).toMatchObject({ code: 429, data: null });
    expect(refused?.body.msg).toMatch(/^操作过于频繁，请\d+秒后再试$/);
    expect((await countSessions()) - before).toBe(40);
  });

  it("R-SEC-RATE expired and revoked sessions and day-old codes are purged; live ones stay", async () => {
    const db = server.database.handle.db;
    const now = Date.now();
    const session = (hash: string, expiresAt: number, revokedAt: number | null) => ({
      token_hash: hash,
      kind: "anonymous" as const,
      user_id: null,
      device_id: null,
      created_at: now - 40 * DAY_MS,
      expires_at: expiresAt,
      revoked_at: revokedAt,
    });
    await db
      .insertInto("sessions")
      .values([
        session("h-expired", now - 1000, null),
        session("h-revoked", now + DAY_MS, now - 1000),
        session("h-live", now + DAY_MS, null),
      ])
      .execute();
    const code = (phone: string, createdAt: number) => ({
      phone,
      code_hash: "x",
      ip: "192.0.2.1",
      device_id: null,
      attempts: 0,
      created_at: createdAt,
      expires_at: createdAt + 300_000,
      consumed_at: null,
    });
    await db
      .insertInto("otp_codes")
      .values([code("13600000101", now - 2 * DAY_MS), code("13600000102", now - 60_000)])
      .execute();

    const purged = await purgeExpired(db, now);
    expect(purged.sessions).toBeGreaterThanOrEqual(2);
    expect(purged.otpCodes).toBeGreaterThanOrEqual(1);
    const hashes = (await db.selectFrom("sessions").select("token_hash").execute()).map((r) => r.token_hash);
    expect(hashes).toContain("h-live");
    expect(hashes).not.toContain("h-expired");
    expect(hashes).not.toContain("h-revoked");
    const phones = (await db.selectFrom("otp_codes").select("phone").execute()).map((r) => r.phone);
    expect(phones).toContain("13600000102");
    expect(phones).not.toContain("13600000101");
  });
});

describe("anonymous tokens per device", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ANONYMOUS_TOKENS_PER_DEVICE_PER_MINUTE: "2" });
  });
  afterAll(() => server.close());

  it("R-SEC-RATE one device gets at most its limit of anonymous tokens a minute, by device_id or X-Request-Id", async () => {
    const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      server.post("/peony/v1/auth", { appid: 1, platform: "mobile", ...body }, null, headers);
    const byBody = [];
    for (let i = 0; i < 3; i++) byBody.push((await post({ device_id: "device-a" })).status);
    expect(byBody).toEqual([200, 200, 429]);
    const byHeader = [];
    for (let i = 0; i < 3; i++) byHeader.push((await post({}, { "x-request-id": "device-b" })).status);
    expect(byHeader).toEqual([200, 200, 429]);
    expect((await post({ device_id: "device-c" })).status).toBe(200);
  });
});
