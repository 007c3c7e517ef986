import { freePort } from "@davmu/test-support/free-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testDialect } from "./helper.ts";

/** The status of a GET, its body read (an unread body keeps the connection the server's close waits for). */
const statusOf = async (url: string) => {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
};

const metricsKey = "metrics-key-0123456789abcdef";

describe("Prometheus metrics", () => {
  let server: TestServer;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startTestServer({ METRICS_KEY: metricsKey, METRICS_PORT: String(metricsPort) }, (app) => {
      app.metrics.setSource("websocketConnections", () => 7);
      app.metrics.setSource("trackerBufferedEvents", () => 3);
    });
  });
  afterAll(() => server.close());

  const scrape = async () => {
    const response = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${metricsKey}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    return response.text();
  };

  it("R-METRICS-1 /metrics on the public port is not there without the key, nor with a wrong one", async () => {
    expect(await statusOf(`${server.base}/metrics`)).toBe(404);
    const wrong = await fetch(`${server.base}/metrics`, { headers: { authorization: "Bearer wrong" } });
    await wrong.arrayBuffer();
    expect(wrong.status).toBe(404);
    // and it is in no API document
    expect(JSON.stringify((await server.get("/docs/json")).body.paths)).not.toContain("/metrics");
  });

  it("R-METRICS-1 request rate and latency by route, method and status", async () => {
    await server.get("/healthz");
    await server.get("/peony/v1/app/info", await server.anonymousToken());
    const text = await scrape();
    expect(text).toMatch(/davmu_http_requests_total\{route="\/healthz",method="GET",status="200"\} \d+/);
    expect(text).toMatch(
      /davmu_http_request_duration_seconds_bucket\{le="0.005",route="\/peony\/v1\/app\/info",method="GET"\}/,
    );
    expect(text).toMatch(/process_cpu_user_seconds_total/);
  });

  it("R-METRICS-1 cache hits and misses, the database pool, WebSocket connections and the tracker's buffer", async () => {
    const token = await server.anonymousToken();
    const post = await server.demoPostId();
    for (let i = 0; i < 3; i++) await server.get(`/inner/static/content/${post}`, token);
    const text = await scrape();
    expect(text).toMatch(/davmu_cache_requests_total\{cache="api",result="(hit|miss)"\} \d+/);
    expect(text).toMatch(/davmu_websocket_connections 7/);
    expect(text).toMatch(/davmu_tracker_buffered_events 3/);
    expect(text).toContain("# TYPE davmu_db_pool_connections gauge");
    if (testDialect === "postgres") expect(text).toMatch(/davmu_db_pool_connections\{state="total"\} [1-9]/);
  });

  it("R-METRICS-1 METRICS_PORT serves them on loopback without a key", async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("davmu_http_requests_total");
    expect(await statusOf(`http://127.0.0.1:${metricsPort}/`)).toBe(404);
  });
});
