import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/modules/accounts/sessions.ts";
import { startTestServer, type TestServer, testDialect } from "./helper.ts";

/**
 * Limits and uniqueness under parallel requests (R-SEC-OTP-2, R-SEC-RATE, R-MOD-1): every request is
 * sent at once, so a check that counts first and records afterwards would let several through. Run
 * on SQLite and PostgreSQL (the PostgreSQL pool serves ten at a time).
 */
const statusCount = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe(`limits under concurrent requests (${testDialect})`, () => {
  let server: TestServer;
  let post: string;
  beforeAll(async () => {
    server = await startTestServer({
      OTP_PER_IP_PER_HOUR: "5",
      OTP_PER_DEVICE_PER_DAY: "4",
      COMMENTS_PER_USER_PER_MINUTE: "5",
      ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "10000",
      ANONYMOUS_TOKENS_PER_DEVICE_PER_MINUTE: "3",
    });
    post = await server.demoPostId("demo-article-05");
  });
  afterAll(() => server.close());

  const vcode = (token: string, tel: string, headers: Record<string, string> = {}) =>
    server.get(`/peony/v1/vcode?tel=${tel}&type=6`, token, headers).then((answer) => answer.status);

  it("R-SEC-OTP-2 30 parallel codes for 30 phones from one address: exactly the per-IP cap (5) is sent", async () => {
    const token = await server.anonymousToken();
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => vcode(token, String(13810000000 + i))));
    expect(statusCount(statuses, 200)).toBe(5);
    expect(statusCount(statuses, 429)).toBe(25);
    const stored = await server.database.handle.db
      .selectFrom("otp_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(5);
  });

  it("R-SEC-OTP-2 30 parallel codes for 30 phones from one device: exactly the per-device cap (4) is sent", async () => {
    await server.database.handle.db.deleteFrom("otp_codes").execute();
    const token = await server.anonymousToken();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => vcode(token, String(13820000000 + i), { "x-request-id": "one-device" })),
    );
    expect(statusCount(statuses, 200)).toBe(4);
    expect(statusCount(statuses, 429)).toBe(26);
  });

  it("R-SEC-OTP-2 20 parallel codes for one phone: exactly one is sent", async () => {
    await server.database.handle.db.deleteFrom("otp_codes").execute();
    const token = await server.anonymousToken();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => vcode(token, "13830000000")));
    expect(statusCount(statuses, 200)).toBe(1);
    expect(statusCount(statuses, 429)).toBe(19);
    const rows = await server.database.handle.db.selectFrom("otp_codes").select("phone").execute();
    expect(rows).toHaveLength(1);
  });

  const comment = (token: string, content: string) =>
    server.post(`/peony/v1/comment/${post}`, { content }, token).then((answer) => answer.status);

  async function commentsBy(userToken: string) {
    const rows = await server.database.handle.db
      .selectFrom("comments")
      .innerJoin("sessions", "sessions.user_id", "comments.user_id")
      .select("comments.body")
      .where("sessions.token_hash", "=", hashToken(userToken))
      .execute();
    return rows.map((row) => row.body);
  }

  it("R-SEC-RATE 20 parallel comments by one user: exactly the per-user limit (5) is posted", async () => {
    await server.database.handle.db.deleteFrom("otp_codes").execute();
    const { token } = await server.login("13840000001");
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => comment(token, `并发评论第${i}条`)));
    expect(statusCount(statuses, 200)).toBe(5);
    expect(statusCount(statuses, 429)).toBe(15);
    expect(await commentsBy(token)).toHaveLength(5);
  });

  it("R-MOD-1 10 parallel comments with the same text by one user: exactly one is posted, the others get 409", async () => {
    const { token } = await server.login("13840000002");
    const statuses = await Promise.all(Array.from({ length: 10 }, () => comment(token, "同一句话说十遍")));
    expect(statusCount(statuses, 200)).toBe(1);
    expect(statusCount(statuses, 409)).toBe(9);
    expect(await commentsBy(token)).toEqual(["同一句话说十遍"]);
  });

  it("R-SEC-RATE comments stay counted on the post: the count moved by exactly the comments posted", async () => {
    const before = (await server.get(`/peony/v1/comment/${post}`, await server.anonymousToken())).body.data.total;
    const { token } = await server.login("13840000003");
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => comment(token, `计数${i}`)));
    const after = (await server.get(`/peony/v1/comment/${post}`, await server.anonymousToken())).body.data.total;
    expect(after - before).toBe(statusCount(statuses, 200));
    expect(statusCount(statuses, 200)).toBe(5);
  });

  it("R-SEC-RATE 12 parallel anonymous tokens for one device: exactly the per-device limit (3) is made", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () =>
        server
          .post("/peony/v1/auth", { appid: 1, platform: "mobile", device_id: "flooding-device" })
          .then((answer) => answer.status),
      ),
    );
    expect(statusCount(statuses, 200)).toBe(3);
    expect(statusCount(statuses, 429)).toBe(9);
  });
});
