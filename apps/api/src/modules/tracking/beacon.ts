import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { ErrorCode } from "@davmu/contracts/error-codes";
import { maxTrackBatch } from "@davmu/contracts/tracking";
import type { FastifyBaseLogger } from "fastify";
import { badHostHeader } from "../../lib/client-address.ts";
import { earlyAnswerLog } from "../../lib/early-answer.ts";
import { hasUnsafeNumber } from "../../lib/safe-numbers.ts";
import type { TakeOutcome, Tracking } from "./repository.ts";

/** The beacon's path, and the most its body may hold. */
export const beaconPath = "/tracker/log";
export const beaconBodyLimit = 256 * 1024;

/** An answer of the beacon: its status, its envelope and, for 503, how long to wait. */
export interface BeaconAnswer {
  status: number;
  body: { code: number; msg: string; data: unknown };
  retryAfter?: number;
}

const envelope = (status: number, code: number, msg: string, data: unknown = null): BeaconAnswer => ({
  status,
  body: { code, msg, data },
});

/** Seconds a client is asked to wait while the write buffer is full (as the errors plugin asks for 503). */
const busyRetryAfter = 5;

/**
 * What the beacon answers for what taking a batch came to (R-TRACK-5): the route through Fastify and
 * the early answer below send the same. A batch with no good event is refused 400 with its reasons.
 */
export function beaconAnswer(outcome: TakeOutcome): BeaconAnswer {
  if (outcome.kind === "limited") return envelope(429, ErrorCode.tooManyRequests, "上报过于频繁，请稍后再试");
  if (outcome.kind === "busy") {
    return { ...envelope(503, ErrorCode.unavailable, "统计服务繁忙，请稍后再试"), retryAfter: busyRetryAfter };
  }
  if (outcome.kind === "unavailable") {
    return { ...envelope(503, ErrorCode.unavailable, "统计服务暂时不可用，请稍后再试"), retryAfter: busyRetryAfter };
  }
  const { result } = outcome;
  if (result.accepted === 0 && result.duplicates === 0 && result.rejected.length > 0) {
    const shown = result.rejected.slice(0, 3).map((r) => `第${r.index + 1}条 ${r.reason}`);
    const more = result.rejected.length > 3 ? ` 等${result.rejected.length}条` : "";
    return envelope(400, ErrorCode.badRequest, `事件无效：${shown.join("；")}${more}`, { rejected: result.rejected });
  }
  return envelope(200, 0, "ok", result);
}

/** Whether a Content-Type is one the beacon reads: JSON, or a beacon's text/plain. */
export function isBeaconType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(";", 1)[0]?.trim().toLowerCase();
  return type === "application/json" || type === "text/plain";
}

/**
 * Why a parsed body is no batch the beacon takes, or null: one event (an object) or a list of 1 to
 * `maxTrackBatch`, and no number a column cannot hold (the checks Fastify's schema and the app's
 * preHandler make on the route).
 */
export function bodyProblem(value: unknown): string | null {
  if (Array.isArray(value)) {
    if (value.length === 0) return "参数错误：至少一条事件";
    if (value.length > maxTrackBatch) return `参数错误：一次至多 ${maxTrackBatch} 条事件`;
  } else if (typeof value !== "object" || value === null) return "参数错误：须为事件或事件的数组";
  if (hasUnsafeNumber(value)) return "参数错误：数值超出范围";
  return null;
}

export interface EarlyBeaconOptions {
  tracking: Tracking;
  isBot: (userAgent: string) => boolean;
  log: FastifyBaseLogger;
  /** the host's security headers, as name, value pairs (the request event sets them on Fastify's answers) */
  hostHeaders: readonly string[];
  /** counts the answer in the request metrics */
  count: (status: number, seconds: number) => void;
}

/**
 * The beacon answered from the server's request event, before Fastify (decision 038), as kept pages
 * are (decision 039): a page sends one at every `pagehide`, so it is the API's most frequent request,
 * and Fastify's routing, hooks and serialisation cost more than checking the batch. It takes only what
 * it can answer exactly as the route would: `POST /tracker/log` with a JSON or text/plain body whose
 * declared length is within the limit and no forwarded header to refuse. Anything else (another type,
 * a chunked or too large body, a bad X-Forwarded-Host) goes on to Fastify, whose route and hooks
 * answer it. Answers whether it took the request.
 */
export function createEarlyBeacon(options: EarlyBeaconOptions) {
  const { tracking, isBot, log, count, hostHeaders } = options;
  const { completed } = earlyAnswerLog(log);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "POST" || req.url !== beaconPath) return false;
    const headers = req.headers;
    const length = Number(headers["content-length"]);
    if (!(length > 0 && length <= beaconBodyLimit) || !isBeaconType(headers["content-type"])) return false;
    if (badHostHeader(headers) !== null) return false;

    const started = performance.now();
    const send = (answer: BeaconAnswer) => {
      const text = JSON.stringify(answer.body);
      const traceId = randomUUID();
      const headers = [
        ...hostHeaders,
        "content-type",
        "application/json; charset=utf-8",
        "content-length",
        String(Buffer.byteLength(text)),
        "x-trace-id",
        traceId,
      ];
      if (answer.retryAfter) headers.push("retry-after", String(answer.retryAfter));
      res.writeHead(answer.status, headers);
      res.end(text);
      count(answer.status, (performance.now() - started) / 1000);
      completed(req, traceId, answer.status, started);
    };
    const fail = (error: unknown) => {
      log.error({ err: error }, "tracking beacon failed");
      if (!res.headersSent) send(envelope(500, ErrorCode.internal, "服务器开小差了，请稍后重试"));
    };

    const chunks: Buffer[] = [];
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    });
    req.on("error", () => {
      // the client went away; nothing was taken
    });
    req.on("end", () => {
      try {
        // Node's parser holds a body to its Content-Length; a short one ends the request with an error
        if (received !== length) return send(envelope(400, 400, "Content-Length 与请求体不符"));
        const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received);
        const text = body.toString();
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          return send(envelope(400, ErrorCode.badRequest, "请求体不是 JSON"));
        }
        const problem = bodyProblem(value);
        if (problem) return send(envelope(400, ErrorCode.badRequest, problem));
        const values = Array.isArray(value) ? value : [value];
        const taken = tracking.take(values, isBot(headers["user-agent"] ?? ""), text, body);
        if (taken instanceof Promise) taken.then((outcome) => send(beaconAnswer(outcome)), fail);
        else send(beaconAnswer(taken));
      } catch (error) {
        fail(error);
      }
    });
    return true;
  };
}
