import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { liveCloseCodes, liveConnectTimeoutMs, liveFrameMaxBytes, liveSocketPath } from "@davmu/contracts/live-values";
import type { FastifyBaseLogger } from "fastify";
import { type WebSocket, WebSocketServer } from "ws";
import type { Session } from "../accounts/plugin.ts";
import type { LiveHub, Subscriber } from "./hub.ts";

/** Bounds of a connection; tests lower them to reach them quickly. */
export const liveSocketLimits = {
  /** Bytes waiting to be sent to one client beyond which it is too slow (closed 4429). */
  maxBufferedBytes: 1024 * 1024,
  /** Frames a client may send: a bucket of `burst`, refilled at `perSecond`. */
  burst: 30,
  perSecond: 10,
  /** Rooms one connection may follow at once. */
  maxRooms: 8,
  /** WebSocket ping period; a connection that missed 2 pongs is terminated. */
  heartbeatMs: 20_000,
  connectTimeoutMs: liveConnectTimeoutMs,
};

/**
 * Which upgrade requests may open the socket, by their `Origin` (ASVS 4.4.2 — cross-site WebSocket
 * hijacking). A browser always sends its page's origin, and it must be the share site's own: exactly
 * `PUBLIC_ORIGIN`, or an http(s) origin on the host the request reached (its `Host`, port included:
 * the site as served under whatever name a proxy passes on, which is the only name that page's own
 * requests carry). A client that sends none is no browser page (the native app, a server), for which
 * no other page can act; one that names a ws(s) origin on those hosts (some native socket libraries
 * do) is no browser page either. Anything else (another site, `null` from a sandboxed frame or a file,
 * an unreadable value) is refused. The token in the first frame remains what authenticates.
 */
export function originAllowed(publicOrigin: string) {
  const site = new URL(publicOrigin);
  const siteHost = site.host.toLowerCase();
  return (request: IncomingMessage): boolean => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    const host = url.host.toLowerCase();
    if (url.protocol === "ws:" || url.protocol === "wss:")
      return host === siteHost || host === (request.headers.host ?? "").toLowerCase();
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    if (url.origin === site.origin) return true;
    return host === (request.headers.host ?? "").toLowerCase();
  };
}

const roomPattern = /^[A-Za-z0-9_-]{1,64}$/;

type ClientFrame =
  | { type: "connect"; token: string }
  | { type: "subscribe"; room: string; since: number | null }
  | { type: "unsubscribe"; room: string }
  | { type: "ping" };

/** A client frame when it is one of the protocol's, else null. */
export function parseFrame(text: string): ClientFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const frame = value as Record<string, unknown>;
  switch (frame.type) {
    case "connect":
      // a missing or impossible token is a bad token (4401), not a bad frame
      return {
        type: "connect",
        token: typeof frame.token === "string" && frame.token.length <= 512 ? frame.token : "",
      };
    case "subscribe": {
      const since = frame.since ?? null;
      const validSince = since === null || (Number.isSafeInteger(since) && (since as number) >= 0);
      return typeof frame.room === "string" && roomPattern.test(frame.room) && validSince
        ? { type: "subscribe", room: frame.room, since: since as number | null }
        : null;
    }
    case "unsubscribe":
      return typeof frame.room === "string" && roomPattern.test(frame.room)
        ? { type: "unsubscribe", room: frame.room }
        : null;
    case "ping":
      return { type: "ping" };
    default:
      return null;
  }
}

export interface LiveSocketServer {
  /** Handles an upgrade request for the live path; false for other paths (left to others). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  connections(): number;
  /** Closes every connection with 1001 so clients reconnect elsewhere and resume. */
  close(): Promise<void>;
}

/**
 * The live WebSocket (R-LIVE-1, docs/live.md): the first frame authenticates with the visitor's
 * token (never in the URL), then the client subscribes to rooms. Frames over 4 KiB close 1009 (ws's
 * maxPayload), bad frames 4400, a bad token 4401, no connect in time 4408; a client too slow to read
 * (buffered beyond the bound) or sending too many frames is closed 4429, never buffered without end.
 */
export function createLiveSocketServer(deps: {
  hub: LiveHub;
  findSession: (token: string) => Promise<Session | null>;
  log: FastifyBaseLogger;
  /** The share site's origin (PUBLIC_ORIGIN): the pages allowed to open the socket, beside the host reached */
  publicOrigin: string;
}): LiveSocketServer {
  const { hub, log } = deps;
  const allowedOrigin = originAllowed(deps.publicOrigin);
  const wss = new WebSocketServer({ noServer: true, maxPayload: liveFrameMaxBytes, clientTracking: true });

  wss.on("connection", (ws: WebSocket) => {
    const subscriptions = new Map<string, Subscriber>();
    let authenticated = false;
    let ended = false;
    let tokens = liveSocketLimits.burst;
    let refilledAt = Date.now();
    let missedPongs = 0;
    let work: Promise<unknown> = Promise.resolve();

    const end = (code: number, reason: string) => {
      if (ended) return;
      ended = true;
      for (const room of subscriptions.keys()) hub.unsubscribe(subscriptions.get(room) as Subscriber, room);
      subscriptions.clear();
      ws.close(code, reason);
      // a client that never reads never answers the close either
      setTimeout(() => ws.terminate(), 1000).unref();
    };

    const send = (text: string | Buffer) => {
      if (ended || ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > liveSocketLimits.maxBufferedBytes) {
        end(liveCloseCodes.tooFast, "too slow");
        return;
      }
      ws.send(text, { binary: false });
    };

    const connectTimer = setTimeout(
      () => end(liveCloseCodes.connectTimeout, "connect expected"),
      liveSocketLimits.connectTimeoutMs,
    );
    connectTimer.unref();

    const heartbeat = setInterval(() => {
      if (missedPongs >= 2) {
        ended = true;
        ws.terminate();
        return;
      }
      missedPongs++;
      ws.ping();
    }, liveSocketLimits.heartbeatMs);
    heartbeat.unref();
    ws.on("pong", () => {
      missedPongs = 0;
    });

    async function handle(frame: ClientFrame) {
      if (ended) return;
      if (frame.type === "connect") {
        if (authenticated) return end(liveCloseCodes.badFrame, "already connected");
        // a database fault is not a bad token: it closes 1011 (the client retries) through the frame chain
        const session = frame.token ? await deps.findSession(frame.token) : null;
        if (!session) return end(liveCloseCodes.badToken, "bad token");
        clearTimeout(connectTimer);
        authenticated = true;
        const userId = session.kind === "user" ? session.userId : null;
        return send(JSON.stringify({ type: "connected", user_id: userId }));
      }
      if (!authenticated) return end(liveCloseCodes.badFrame, "connect expected");
      if (frame.type === "ping") return send('{"type":"pong"}');
      if (frame.type === "unsubscribe") {
        const subscriber = subscriptions.get(frame.room);
        if (subscriber) hub.unsubscribe(subscriber, frame.room);
        subscriptions.delete(frame.room);
        return;
      }
      const previous = subscriptions.get(frame.room);
      if (previous) hub.unsubscribe(previous, frame.room);
      else if (subscriptions.size >= liveSocketLimits.maxRooms) return end(liveCloseCodes.tooFast, "too many rooms");
      const subscriber: Subscriber = { send, cursor: 0 };
      subscriptions.set(frame.room, subscriber);
      const joined = await hub.subscribe(subscriber, frame.room, frame.since).catch((error: unknown) => {
        log.warn({ err: error, room: frame.room }, "live subscription failed");
        send(JSON.stringify({ type: "error", room: frame.room, code: 4503 }));
        return false;
      });
      if (!joined || ended) {
        if (subscriptions.get(frame.room) === subscriber) subscriptions.delete(frame.room);
        if (ended) hub.unsubscribe(subscriber, frame.room);
      }
    }

    ws.on("message", (data, isBinary) => {
      if (ended) return;
      const now = Date.now();
      tokens = Math.min(liveSocketLimits.burst, tokens + ((now - refilledAt) / 1000) * liveSocketLimits.perSecond);
      refilledAt = now;
      if (tokens < 1) return end(liveCloseCodes.tooFast, "too many frames");
      tokens -= 1;
      const frame = isBinary ? null : parseFrame(String(data));
      if (!frame) return end(liveCloseCodes.badFrame, "bad frame");
      work = work
        .then(() => handle(frame))
        .catch((error: unknown) => {
          log.warn({ err: error }, "live frame failed");
          end(1011, "server error");
        });
    });

    ws.on("error", () => {
      // an oversize frame (1009) or a broken connection: ws closes it; nothing more to do
    });
    ws.on("close", () => {
      ended = true;
      clearTimeout(connectTimer);
      clearInterval(heartbeat);
      for (const [room, subscriber] of subscriptions) hub.unsubscribe(subscriber, room);
      subscriptions.clear();
    });
  });

  return {
    handleUpgrade(request, socket, head) {
      const path = (request.url ?? "").split("?")[0];
      if (path !== liveSocketPath) return false;
      if (!allowedOrigin(request)) {
        // a page of another site (cross-site WebSocket hijacking): refused before the upgrade
        log.warn({ origin: request.headers.origin }, "live socket refused: origin not allowed");
        socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        return true;
      }
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
      return true;
    },
    connections: () => wss.clients.size,
    async close() {
      for (const ws of wss.clients) ws.close(liveCloseCodes.goingAway, "server restarting");
      const deadline = Date.now() + 1000;
      while (wss.clients.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
