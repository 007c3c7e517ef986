import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Gauges other parts fill (live rooms, the tracker): each names a function that reads its value. */
export type GaugeSource = "websocketConnections" | "trackerBufferedEvents";

export interface Metrics {
  registry: Registry;
  /** Says where a gauge's value comes from; read at each scrape. */
  setSource(source: GaugeSource, read: () => number): void;
  /** A page answered from the page cache before Fastify (apps/web/server/early-answer.ts). */
  countEarlyAnswer(): void;
  /** A call answered before Fastify (a kept content answer, the tracking beacon: lib/early-answer.ts). */
  countAnswer(route: string, method: string, status: number, seconds: number, cacheHit?: boolean): void;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Prometheus metrics (R-METRICS-1, prom-client): requests by route, method and status and their
 * latency, page and answer cache hits and misses (by `x-cache`), the database pool, WebSocket
 * connections and the tracker's buffer (filled by their modules through `setSource`), and Node's own.
 * Never open to the public: `/metrics` on the public port needs METRICS_KEY as a bearer token, and
 * METRICS_PORT serves it on 127.0.0.1 alone; with neither, metrics are counted but not served.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const { metricsKey, metricsPort } = app.config.ops;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: "davmu_http_requests_total",
      help: "HTTP requests answered, by route, method and status",
      labelNames: ["route", "method", "status"] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: "davmu_http_request_duration_seconds",
      help: "Time to answer, by route and method",
      labelNames: ["route", "method"] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const cache = new Counter({
      name: "davmu_cache_requests_total",
      help: "Answers that could come from a cache (pages, anonymous content answers), by result: hit or miss",
      labelNames: ["cache", "result"] as const,
      registers: [registry],
    });
    const sources = new Map<GaugeSource, () => number>();
    const sourceGauge = (name: string, help: string, source: GaugeSource) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const read = sources.get(source);
          this.set(read ? read() : 0);
        },
      });
    sourceGauge("davmu_websocket_connections", "Open WebSocket connections of live rooms", "websocketConnections");
    sourceGauge(
      "davmu_tracker_buffered_events",
      "Tracking events waiting in the buffer to be written",
      "trackerBufferedEvents",
    );
    const pool = new Gauge({
      name: "davmu_db_pool_connections",
      help: "PostgreSQL pool connections, by state: total, idle, waiting (requests waiting for one)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = app.database.poolStats();
        if (!stats) return;
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
    void pool;

    app.addHook("onResponse", (request, reply, done) => {
      const route = request.routeOptions.url ?? "unmatched";
      const method = request.method;
      requests.inc({ route, method, status: String(reply.statusCode) });
      latency.observe({ route, method }, reply.elapsedTime / 1000);
      const hit = reply.getHeader("x-cache");
      if (hit === "hit" || hit === "miss")
        cache.inc({ cache: route.startsWith("/davmu/share") ? "page" : "api", result: hit });
      done();
    });

    const metrics: Metrics = {
      registry,
      setSource: (source, read) => sources.set(source, read),
      countEarlyAnswer() {
        requests.inc({ route: "page-cache", method: "GET", status: "200" });
        cache.inc({ cache: "page", result: "hit" });
      },
      countAnswer(route, method, status, seconds, cacheHit = false) {
        requests.inc({ route, method, status: String(status) });
        latency.observe({ route, method }, seconds);
        if (cacheHit) cache.inc({ cache: "api", result: "hit" });
      },
    };
    app.decorate("metrics", metrics);

    if (metricsKey) {
      const expected = createHash("sha256").update(metricsKey).digest();
      const authorised = (request: FastifyRequest) => {
        const given = (request.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
        return timingSafeEqual(createHash("sha256").update(given).digest(), expected);
      };
      app.get("/metrics", { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
        // without the key the endpoint does not exist, as far as a visitor can tell
        if (!authorised(request)) return reply.callNotFound();
        reply.header("content-type", registry.contentType);
        return registry.metrics();
      });
    }

    if (metricsPort) {
      const server: Server = createServer((req, res) => {
        if (req.url !== "/metrics") {
          res.writeHead(404).end();
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
          () => res.writeHead(500).end(),
        );
      });
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(metricsPort, "127.0.0.1", () => resolve());
      });
      app.addHook("onClose", async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      });
    }
  },
  { name: "metrics", dependencies: ["db", "settings"] },
);
