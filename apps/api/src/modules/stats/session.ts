import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The editors' session cookie: only the stats page's paths get it. */
export const sessionCookie = "davmu_editor";
const cookiePath = "/editor";

/**
 * Editors' sessions (R-STATS-1): the editors' key is sent once, to sign in, and answered with an
 * httpOnly, SameSite=Strict cookie holding an expiry, a nonce and an HMAC of both under a key derived
 * from EDITOR_API_KEY. Nothing is stored: a session ends when it expires, when the editor signs out
 * (the cookie is cleared), or for every editor at once when the key changes.
 */
export function editorSessions(editorApiKey: string | null, ttlSeconds: number) {
  const secret = editorApiKey ? createHash("sha256").update(`davmu-editor-session\n${editorApiKey}`).digest() : null;
  const expectedKey = editorApiKey ? createHash("sha256").update(editorApiKey).digest() : null;
  const sign = (payload: string) =>
    createHmac("sha256", secret as Buffer)
      .update(payload)
      .digest("base64url");

  function cookieAttributes(request: FastifyRequest, maxAge: number): string {
    const secure = request.protocol === "https" ? "; Secure" : "";
    return `Path=${cookiePath}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
  }

  return {
    enabled: secret !== null,
    /** Whether a key is the editors' key (compared in constant time). */
    keyMatches(given: string): boolean {
      if (!expectedKey) return false;
      return timingSafeEqual(createHash("sha256").update(given).digest(), expectedKey);
    },
    /** Sets a new session cookie; answers its expiry. */
    start(request: FastifyRequest, reply: FastifyReply, now = Date.now()): Date {
      const expires = now + ttlSeconds * 1000;
      const payload = `${expires}.${randomBytes(12).toString("base64url")}`;
      reply.header(
        "set-cookie",
        `${sessionCookie}=${payload}.${sign(payload)}; ${cookieAttributes(request, ttlSeconds)}`,
      );
      return new Date(expires);
    },
    end(request: FastifyRequest, reply: FastifyReply) {
      reply.header("set-cookie", `${sessionCookie}=; ${cookieAttributes(request, 0)}`);
    },
    /** Whether the request carries a live session cookie. */
    valid(request: FastifyRequest, now = Date.now()): boolean {
      if (!secret) return false;
      const value = readCookie(request.headers.cookie, sessionCookie);
      const match = value ? /^(\d{1,16})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
      if (!match) return false;
      const [, expires, nonce, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(`${expires}.${nonce}`));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) && Number(expires) > now;
    },
  };
}
export type EditorSessions = ReturnType<typeof editorSessions>;

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
