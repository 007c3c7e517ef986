import { WebSocket } from "ws";

export type Frame = Record<string, any>;

/** A live WebSocket client for tests: every frame received kept in order, waits with timeouts. */
export interface LiveClient {
  ws: WebSocket;
  frames: Frame[];
  /** The next frame (after those already taken) that `match` accepts, within `ms`. */
  next(match?: (frame: Frame) => boolean, ms?: number): Promise<Frame>;
  /** Frames of a type received so far. */
  all(type: string): Frame[];
  /** The close code, within `ms`. */
  closed(ms?: number): Promise<number>;
  send(value: unknown): void;
  close(): void;
}

export async function openLive(base: string, origin?: string): Promise<LiveClient> {
  const ws = new WebSocket(`${base.replace(/^http/, "ws")}/peony/v3/live/ws`, origin ? { origin } : {});
  const frames: Frame[] = [];
  let taken = 0;
  let closeCode: number | null = null;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  ws.on("message", (data) => {
    frames.push(JSON.parse(String(data)) as Frame);
    wake();
  });
  ws.on("close", (code) => {
    closeCode = code;
    wake();
  });
  ws.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });

  function waitFor<T>(check: () => T | undefined, ms: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const value = check();
        if (value === undefined) return false;
        clearTimeout(timer);
        waiters.delete(wakeUp);
        resolve(value);
        return true;
      };
      const wakeUp = () => void attempt();
      const timer = setTimeout(() => {
        waiters.delete(wakeUp);
        reject(new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(frames).slice(-600)}`));
      }, ms);
      if (!attempt()) waiters.add(wakeUp);
    });
  }

  return {
    ws,
    frames,
    next(match = () => true, ms = 3000) {
      return waitFor(
        () => {
          for (let i = taken; i < frames.length; i++) {
            if (match(frames[i] as Frame)) {
              taken = i + 1;
              return frames[i];
            }
          }
          return undefined;
        },
        ms,
        "a frame",
      );
    },
    all: (type) => frames.filter((frame) => frame.type === type),
    closed: (ms = 3000) => waitFor(() => closeCode ?? undefined, ms, "the close"),
    send: (value) => ws.send(typeof value === "string" ? value : JSON.stringify(value)),
    close: () => ws.close(),
  };
}

/** Opens, connects with the token and subscribes to a room; answers the client and its `subscribed` frame. */
/**
 * An upgrade sent with this `Origin`, as a browser on that page sends it: the HTTP status the server
 * answered the upgrade with (101 when it opened the socket).
 */
export function upgradeStatus(base: string, origin: string, headers: Record<string, string> = {}): Promise<number> {
  const ws = new WebSocket(`${base.replace(/^http/, "ws")}/peony/v3/live/ws`, { origin, headers });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no answer to the upgrade in 5 s")), 5000);
    ws.once("open", () => {
      clearTimeout(timer);
      ws.close();
      resolve(101);
    });
    ws.once("unexpected-response", (_request, response) => {
      clearTimeout(timer);
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    ws.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export async function joinLive(base: string, token: string, room: string, since: number | null = null) {
  const client = await openLive(base);
  client.send({ type: "connect", token });
  await client.next((f) => f.type === "connected");
  client.send({ type: "subscribe", room, since });
  const subscribed = await client.next((f) => f.type === "subscribed" || f.type === "error");
  return { client, subscribed };
}

export { sleep } from "@davmu/test-support/poll";
