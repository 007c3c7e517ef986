import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testDialect } from "./helper.ts";

describe("health, readiness and shutdown", () => {
  let server: TestServer;
  let release: () => void = () => {};
  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      app.get("/test/slow", async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { done: true };
      });
    });
  });
  afterAll(async () => {
    await server.database.drop().catch(() => {});
  });

  it("R-SRV-6 /healthz answers ok", async () => {
    expect(await server.get("/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
  });

  it("R-SRV-6 /readyz checks the database", async () => {
    expect(await server.get("/readyz")).toMatchObject({
      status: 200,
      body: { status: "ready", database: testDialect },
    });
  });

  it("R-SRV-6 graceful shutdown finishes the request in flight", async () => {
    const inFlight = fetch(`${server.base}/test/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const closed = server.app.close();
    setTimeout(() => release(), 100);
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closed;
    await expect(fetch(`${server.base}/healthz`)).rejects.toThrow();
  });
});
