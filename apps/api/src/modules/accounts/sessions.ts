import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, SessionsTable } from "../../db/schema.ts";
import { type ChangeFeed, createChangeFeed } from "../../lib/change-feed.ts";
import { createSessionStore } from "./repository.ts";

export interface Session {
  id: number;
  kind: SessionsTable["kind"];
  userId: number | null;
  deviceId: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Tokens are 256 random bits; only their SHA-256 is stored, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Reads the token out of an authorization header: a bare token or "Bearer <token>". */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, "").trim();
  return /^[A-Za-z0-9_-]{20,128}$/.test(token) ? token : null;
}

/**
 * How long a process reuses an anonymous token it has looked up. Every share page's API calls carry
 * one, so without this each call costs a database read. A user token is always read from the
 * database: logging out ends it at once everywhere. An anonymous token revoked through another
 * process keeps working here for at most this long; it grants nothing but reading.
 */
export const anonymousSessionCacheMs = 60_000;
const anonymousSessionCacheEntries = 10_000;

interface CachedSession {
  session: Session;
  until: number;
}

export function createSessionRepository(db: Kysely<Database>) {
  const store = createSessionStore(db);
  // anonymous sessions by token, oldest first (a Map keeps insertion order); only the database needs
  // the hash, and hashing each request's token cost more than the rest of a kept answer's lookup
  const anonymous = new Map<string, CachedSession>();
  // ids of revoked sessions: with Redis, revocations made through other instances arrive here too
  const revocations = createChangeFeed<number>();
  revocations.subscribe((sessionId) => {
    for (const [token, cached] of anonymous) if (cached.session.id === sessionId) anonymous.delete(token);
  });

  function remember(token: string, session: Session, expiresAt: number, now: number) {
    anonymous.delete(token);
    if (anonymous.size >= anonymousSessionCacheEntries) {
      const oldest = anonymous.keys().next().value;
      if (oldest !== undefined) anonymous.delete(oldest);
    }
    anonymous.set(token, { session, until: Math.min(expiresAt, now + anonymousSessionCacheMs) });
  }

  async function create(
    kind: SessionsTable["kind"],
    userId: number | null,
    deviceId: string | null,
    ttlDays: number,
    now: number,
  ) {
    const token = newToken();
    const expiresAt = now + ttlDays * DAY_MS;
    await store.insert({ tokenHash: hashToken(token), kind, userId, deviceId, createdAt: now, expiresAt });
    return { token, expiresAt };
  }

  return {
    /** Sessions revoked (by id), here or, once bridged, on any instance: cached lookups are dropped. */
    revocations: revocations as ChangeFeed<number>,

    createAnonymous: (deviceId: string | null, ttlDays: number, now = Date.now()) =>
      create("anonymous", null, deviceId, ttlDays, now),

    /** A user token after a successful phone login. */
    createForUser: (userId: number, deviceId: string | null, ttlDays: number, now = Date.now()) =>
      create("user", userId, deviceId, ttlDays, now),

    /** Logout: the token stops working at once (R-SEC-TOKEN). */
    async revoke(sessionId: number, now = Date.now()) {
      await store.revoke(sessionId, now);
      // after the row: an instance told of it reads the revoked row if it looks again
      revocations.publish(sessionId);
    },

    /**
     * The anonymous session of a token this process has looked up lately, without reading the
     * database (an answer sent before Fastify cannot wait for it): null when it is not remembered,
     * so the caller asks `findActive`.
     */
    rememberedAnonymous(token: string, now = Date.now()): Session | null {
      const cached = anonymous.get(token);
      return cached && cached.until > now ? cached.session : null;
    },

    async findActive(token: string, now = Date.now()): Promise<Session | null> {
      const cached = anonymous.get(token);
      if (cached && cached.until > now) return cached.session;
      const row = await store.findActive(hashToken(token), now);
      if (!row) {
        anonymous.delete(token);
        return null;
      }
      const session: Session = { id: row.id, kind: row.kind, userId: row.user_id, deviceId: row.device_id };
      if (row.kind === "anonymous") remember(token, session, Number(row.expires_at), now);
      return session;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
