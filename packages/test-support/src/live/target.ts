/**
 * What the live bench runs against: instances on loopback sharing one Redis, a room, tokens to
 * subscribe with, a way to send chat messages, and the faults (SIGKILL and restart an instance,
 * restart Redis). `selfTestTarget` runs the bench's stand-in hub (bench/live/self-test-server.ts);
 * the product's target is in bench/live/product.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../free-port.ts";
import { type Child, launch, startRedis, waitFor } from "../launch.ts";

export interface LiveInstance {
  host: string;
  port: number;
  child: Child;
}

export interface Sent {
  ok: boolean;
  status: number;
  seq: number | null;
  /** Envelope code or error text, when not ok. */
  detail?: string;
}

export interface LiveTarget {
  name: string;
  instances: LiveInstance[];
  /** The WebSocket path on every instance. */
  path: string;
  room: string;
  /** Tokens the subscribers connect with (spread over the clients). */
  tokens: string[];
  /** Sends one chat message to the room through instance `instance`, as one of the senders (round robin). */
  send(content: string, instance: number): Promise<Sent>;
  /** The room's latest sequence number, read from instance `instance`. */
  latestSeq(instance: number): Promise<number>;
  /** CPU seconds instance `instance` has used. */
  cpu(instance: number): number;
  /** Resident memory of an instance, and its V8 heap in use when it tells it (bytes). */
  memory(instance: number): Promise<{ rss: number; heap: number | null }>;
  kill(instance: number): Promise<void>;
  restart(instance: number): Promise<void>;
  /** Stops Redis (SIGKILL), waits `downMs`, starts it again on its port. */
  restartRedis(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** CPU seconds the whole machine has spent busy (every core, every process), from /proc/stat. */
export function machineCpu(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100;
}

/** CPU seconds a process has used (user + system), from /proc. */
export function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Resident set size of a process, from /proc. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}

// biome-ignore lint/suspicious/noExplicitAny: answers of many calls, read by the bench field by field
type Json = any;

/** Answers JSON with a timeout; the body is read in full (an unread one holds its connection). */
export async function fetchJson(
  url: string,
  init: RequestInit = {},
  timeoutMs = 10000,
): Promise<{ status: number; body: Json }> {
  const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  const text = await answer.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: answer.status, body };
}

/** Sending through an instance, with the answer read as the envelope `{ code, msg, data }`. */
export async function sendThrough(
  origin: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Sent> {
  try {
    const answer = await fetchJson(
      origin + path,
      { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) },
      10000,
    );
    const ok = answer.status === 200 && answer.body?.code === 0;
    const seq = typeof answer.body?.data?.seq === "number" ? (answer.body.data.seq as number) : null;
    return ok
      ? { ok, status: answer.status, seq }
      : { ok, status: answer.status, seq, detail: String(answer.body?.code ?? answer.body) };
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
    return { ok: false, status: 0, seq: null, detail: cause ?? (error as Error).message };
  }
}

export async function selfTestTarget(faulty = false): Promise<LiveTarget> {
  const dir = mkdtempSync(join(tmpdir(), "davmu-live-selftest-"));
  const redis = { current: await startRedis() };
  const ports = [await freePort(), await freePort()];
  const start = async (port: number): Promise<LiveInstance> => {
    const child = launch(process.execPath, ["bench/live/self-test-server.ts"], {
      PORT: String(port),
      STANDIN_DB: join(dir, "chat.sqlite"),
      REDIS_URL: redis.current.url,
      STANDIN_FAULTY: faulty ? "1" : "0",
    });
    await waitFor(`http://127.0.0.1:${port}/readyz`, child, 15000);
    return { host: "127.0.0.1", port, child };
  };
  const instances: LiveInstance[] = [];
  try {
    for (const port of ports) instances.push(await start(port));
  } catch (error) {
    for (const instance of instances) await instance.child.stop("SIGKILL");
    await redis.current.child.stop("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const origin = (i: number) => `http://127.0.0.1:${(instances[i] as LiveInstance).port}`;
  const room = "selftest-room";
  return {
    name: `self-test stand-in${faulty ? ", faulty on purpose" : ""} (bench/live/self-test-server.ts)`,
    instances,
    path: "/peony/v3/live/ws",
    room,
    tokens: ["self-test"],
    send: (content, i) => sendThrough(origin(i), `/peony/v3/live/chat/${room}/send_msg`, { content }, {}),
    async latestSeq(i) {
      const answer = await fetchJson(`${origin(i)}/peony/v3/live/chat/${room}?limit=1`);
      return answer.body.data.seq as number;
    },
    cpu: (i) => cpuOf((instances[i] as LiveInstance).child.process.pid as number),
    async memory(i) {
      return { rss: rssOf((instances[i] as LiveInstance).child.process.pid as number), heap: null };
    },
    async kill(i) {
      await (instances[i] as LiveInstance).child.stop("SIGKILL");
    },
    async restart(i) {
      instances[i] = await start((instances[i] as LiveInstance).port);
    },
    async restartRedis(downMs) {
      const port = redis.current.port;
      await redis.current.child.stop("SIGKILL");
      await sleep(downMs);
      redis.current = await startRedis(port);
    },
    async stop() {
      for (const instance of instances) await instance.child.stop("SIGTERM", 5000);
      await redis.current.child.stop("SIGTERM", 5000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
