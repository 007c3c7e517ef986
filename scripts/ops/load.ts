/**
 * Write load for the fault suite: workers POST /peony/v1/auth (each answer is a session row) on
 * kept-alive connections, one request after another, and record every answer: its status and
 * time, and the token of each success, so that afterwards every acknowledged write can be looked up.
 */
import { Agent, request } from "node:http";

export interface LoadReport {
  requests: number;
  byStatus: Record<string, number>;
  /** Requests that got no answer: connection refused, reset, timed out. */
  errors: Record<string, number>;
  /** Tokens of the answers with status 200: writes acknowledged. */
  acknowledged: string[];
  maxLatencyMs: number;
  /** Times (ms since the load started) of each answer, with its status. */
  timeline: { at: number; status: number | string; ms: number }[];
}

function post(url: URL, agent: Agent, timeoutMs: number): Promise<{ status: number | string; token?: string }> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: "/peony/v1/auth",
        method: "POST",
        agent,
        headers: { "content-type": "application/json" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          let token: string | undefined;
          if (res.statusCode === 200) {
            try {
              token = JSON.parse(text).data?.token;
            } catch {
              // counted by status
            }
          }
          resolve({ status: res.statusCode ?? 0, token });
        });
        res.on("error", (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? "error" }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? error.message }));
    req.end(JSON.stringify({ appid: 1, platform: "mobile" }));
  });
}

export function startWriteLoad(origin: string, options: { workers?: number; timeoutMs?: number } = {}) {
  const url = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: options.workers ?? 16 });
  const started = performance.now();
  const report: LoadReport = {
    requests: 0,
    byStatus: {},
    errors: {},
    acknowledged: [],
    maxLatencyMs: 0,
    timeline: [],
  };
  let running = true;
  const worker = async () => {
    while (running) {
      const sent = performance.now();
      const answer = await post(url, agent, options.timeoutMs ?? 30000);
      const ms = performance.now() - sent;
      report.requests += 1;
      report.maxLatencyMs = Math.max(report.maxLatencyMs, ms);
      report.timeline.push({ at: sent - started, status: answer.status, ms });
      if (typeof answer.status === "number") {
        report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
        if (answer.token) report.acknowledged.push(answer.token);
      } else {
        report.errors[answer.status] = (report.errors[answer.status] ?? 0) + 1;
        // a refused connection answers at once: do not spin
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const workers = Array.from({ length: options.workers ?? 16 }, worker);
  return {
    report,
    elapsed: () => performance.now() - started,
    async stop(): Promise<LoadReport> {
      running = false;
      await Promise.all(workers);
      agent.destroy();
      return report;
    },
  };
}

export const fiveHundreds = (report: LoadReport) =>
  Object.entries(report.byStatus)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
