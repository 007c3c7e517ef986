/**
 * Write load for the fault suite: workers POST /peony/v1/auth (each answer is a session row) on
 * kept-alive connections, one request after another, and record every answer: its status and
 * time, and the token of each success, so that afterwards every acknowledged write can be looked up.
 */
import { randomUUID } from "node:crypto";
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

/**
 * One POST of a JSON body on a kept-alive connection: its status and the answer's `data`, or the
 * error's code when no answer came (refused, reset, timed out).
 */
function postJson(
  url: URL,
  agent: Agent,
  path: string,
  body: string,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<{ status: number | string; data?: Record<string, unknown> }> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: "POST",
        agent,
        headers: { "content-type": "application/json", ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          let data: Record<string, unknown> | undefined;
          try {
            data = JSON.parse(text).data ?? undefined;
          } catch {
            // counted by status
          }
          resolve({ status: res.statusCode ?? 0, data });
        });
        res.on("error", (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? "error" }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? error.message }));
    req.end(body);
  });
}

async function post(url: URL, agent: Agent, timeoutMs: number): Promise<{ status: number | string; token?: string }> {
  const answer = await postJson(
    url,
    agent,
    "/peony/v1/auth",
    JSON.stringify({ appid: 1, platform: "mobile" }),
    timeoutMs,
  );
  const token = answer.status === 200 ? answer.data?.token : undefined;
  return { status: answer.status, token: typeof token === "string" ? token : undefined };
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

/** What a beacon load saw: the answers, and the ids of the events answered as accepted. */
export interface BeaconLoadReport {
  requests: number;
  byStatus: Record<string, number>;
  errors: Record<string, number>;
  /** ids of the events of every batch answered 200 with all of them accepted */
  acknowledged: string[];
  /** events answered as accepted in batches where only some were (counted, not looked up) */
  partlyAccepted: number;
  maxLatencyMs: number;
}

/**
 * A WeChat Android in-app browser's user agent as a phone sent it (`Process/toolsmp`; a Python
 * script's request headers in a public repository carried it).
 */
export const wechatAndroidUserAgent =
  "Mozilla/5.0 (Linux; Android 12; M2007J3SC Build/SKQ1.220303.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/3262 MMWEBSDK/20220204 Mobile Safari/537.36 MMWEBID/6170 MicroMessenger/8.0.20.2100(0x28001438) Process/toolsmp WeChat/arm32 Weixin NetType/WIFI Language/zh_CN ABI/arm64";

/**
 * Beacon load: workers POST batches of `size` new events (ids of their own) to `/tracker/log` on
 * kept-alive connections, one after another, as pages do, and record which events were acknowledged,
 * so that afterwards each can be looked up in the database. `tid` is a public content id.
 */
export function startBeaconLoad(
  origin: string,
  tid: string,
  options: { workers?: number; size?: number; userAgent?: string } = {},
) {
  const url = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets: options.workers ?? 4 });
  const report: BeaconLoadReport = {
    requests: 0,
    byStatus: {},
    errors: {},
    acknowledged: [],
    partlyAccepted: 0,
    maxLatencyMs: 0,
  };
  let running = true;
  let device = 0;
  const send = async (ids: string[]) => {
    const now = Math.floor(Date.now() / 1000);
    const user = `beacon-load-${process.pid}-${device++}`;
    const body = JSON.stringify(
      ids.map((id) => ({
        event_id: id,
        timestamp: now,
        version: "1",
        terminal: "wap",
        tid,
        behavior: "expose",
        device_type: "Android",
        device_os: "Android 13",
        user_id: user,
      })),
    );
    const answer = await postJson(url, agent, "/tracker/log", body, 30_000, {
      "user-agent": options.userAgent ?? wechatAndroidUserAgent,
    });
    const accepted = answer.data?.accepted;
    return { status: answer.status, accepted: typeof accepted === "number" ? accepted : undefined };
  };
  const worker = async () => {
    while (running) {
      const ids = Array.from({ length: options.size ?? 20 }, () => randomUUID());
      const sent = performance.now();
      const answer = await send(ids);
      report.requests += 1;
      report.maxLatencyMs = Math.max(report.maxLatencyMs, performance.now() - sent);
      if (typeof answer.status === "number") {
        report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
        if (answer.status === 200 && answer.accepted === ids.length) report.acknowledged.push(...ids);
        else if (answer.status === 200 && answer.accepted) report.partlyAccepted += answer.accepted;
      } else {
        report.errors[answer.status] = (report.errors[answer.status] ?? 0) + 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // a 503 asks to wait: a page's tracker keeps its events and sends them again later
      if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const workers = Array.from({ length: options.workers ?? 4 }, worker);
  return {
    report,
    async stop(): Promise<BeaconLoadReport> {
      running = false;
      await Promise.all(workers);
      agent.destroy();
      return report;
    },
  };
}
