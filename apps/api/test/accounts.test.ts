import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/modules/accounts/sessions.ts";
import { startTestServer, type TestServer } from "./helper.ts";

describe("POST /peony/v1/auth", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("R-SITE-5 anonymous login with appid and platform answers a token in data.token", async () => {
    const { status, body } = await server.post("/peony/v1/auth", { appid: 1, platform: "mobile", device_id: "dev-1" });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.user_id).toBeNull();
    expect(Date.parse(body.data.expires_at)).toBeGreaterThan(Date.now());
  });

  it("R-API-AUTH tokens are stored hashed, never as issued", async () => {
    const token = await server.anonymousToken();
    const rows = await server.database.handle.db.selectFrom("sessions").select("token_hash").execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
  });

  it("R-SRV-4 a body that is not JSON gets 400 with a clear msg, and nothing is written", async () => {
    const before = await server.database.handle.db.selectFrom("sessions").select("id").execute();
    const { status, body } = await server.post("/peony/v1/auth", "{appid: 1,", null);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 400, msg: "请求体不是合法的 JSON", data: null });
    const after = await server.database.handle.db.selectFrom("sessions").select("id").execute();
    expect(after.length).toBe(before.length);
  });

  it("R-SRV-4 wrong types get 400 naming the field", async () => {
    const { status, body } = await server.post("/peony/v1/auth", { appid: "one", platform: "mobile" });
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toContain("appid");
    expect(body.data).toBeNull();
  });

  it("R-SRV-4 a missing field and an unknown platform get 400", async () => {
    for (const payload of [{ platform: "mobile" }, { appid: 1, platform: "desktop" }]) {
      const { status, body } = await server.post("/peony/v1/auth", payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.msg).toMatch(/^参数错误：/);
    }
  });

  it("R-SRV-4 an empty body and a wrong content type get 4xx envelopes", async () => {
    const empty = await server.post("/peony/v1/auth", "", null, { "content-type": "application/json" });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe(400);
    const xml = await server.post("/peony/v1/auth", "<appid>1</appid>", null, { "content-type": "application/xml" });
    expect(xml.status).toBe(415);
    expect(xml.body).toEqual({ code: 415, msg: "不支持的 Content-Type", data: null });
  });
});
