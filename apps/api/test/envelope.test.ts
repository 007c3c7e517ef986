import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";

describe("envelope, errors and authorization", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      app.get("/test/explode", async () => {
        throw new Error("secret connection string postgres://admin:hunter2@db");
      });
    });
  });
  afterAll(() => server.close());

  it("R-API-ENVELOPE success is code 0 with data", async () => {
    const token = await server.anonymousToken();
    const { status, body } = await server.get("/inner/static/data", token);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["code", "data", "msg"]);
    expect(body.code).toBe(0);
  });

  it("R-API-AUTH a call without authorization gets 401 with the envelope", async () => {
    const { status, body } = await server.get("/peony/v1/app/info");
    expect(status).toBe(401);
    expect(body.code).toBe(401);
    expect(body.msg).toContain("authorization");
    expect(body.data).toBeNull();
  });

  it("R-API-AUTH an unknown or malformed token gets 401", async () => {
    for (const token of ["x".repeat(43), "not a token!", "Bearer "]) {
      const { status, body } = await server.get("/peony/v1/app/info", token);
      expect(status).toBe(401);
      expect(body.code).toBe(401);
    }
  });

  it("R-API-AUTH the token is accepted bare or as a Bearer token, with X-Request-Id", async () => {
    const token = await server.anonymousToken();
    expect((await server.get("/peony/v1/app/info", token, { "X-Request-Id": "123456" })).body.code).toBe(0);
    expect((await server.get("/peony/v1/app/info", `Bearer ${token}`)).body.code).toBe(0);
  });

  it("R-API-ENVELOPE an unknown path gets 404 with the envelope", async () => {
    const { status, body } = await server.get("/peony/v1/nothing-here");
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, msg: "接口不存在：GET /peony/v1/nothing-here", data: null });
  });

  it("R-SRV-4 an unexpected failure answers 500 without leaking internals", async () => {
    const { status, body } = await server.get("/test/explode");
    expect(status).toBe(500);
    expect(body).toEqual({ code: 500, msg: "服务器开小差了，请稍后重试", data: null });
    expect(JSON.stringify(body)).not.toContain("hunter2");
  });

  it("R-SRV-6 every answer carries a request id", async () => {
    const response = await fetch(`${server.base}/healthz`);
    expect(response.headers.get("x-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
