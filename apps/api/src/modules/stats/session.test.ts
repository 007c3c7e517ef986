import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { csvField } from "../../lib/csv.ts";
import { editorSessions, readCookie } from "./session.ts";

const key = "unit-editor-key-0123456789abcdef";

/** A reply that keeps the cookie it is given, and a request that sends it back. */
function signIn(sessions: ReturnType<typeof editorSessions>, now: number): string {
  let cookie = "";
  const reply = { header: (_name: string, value: string) => (cookie = value) } as unknown as FastifyReply;
  sessions.start({ protocol: "https" } as FastifyRequest, reply, now);
  return cookie;
}
const requestWith = (cookie: string) => ({ headers: { cookie } }) as unknown as FastifyRequest;

describe("editors' sessions", () => {
  it("R-STATS-1 a session cookie is httpOnly, SameSite=Strict, Secure over https, and holds no key", () => {
    const sessions = editorSessions(key, 60);
    const cookie = signIn(sessions, Date.now());
    expect(cookie).toMatch(
      /^davmu_editor=\d+\.[\w-]{16}\.[\w-]{43}; Path=\/editor; HttpOnly; SameSite=Strict; Max-Age=60; Secure$/,
    );
    expect(cookie).not.toContain(key);
  });

  it("R-STATS-1 a session holds until it expires; a changed signature, expiry or key ends it", () => {
    const now = Date.now();
    const sessions = editorSessions(key, 60);
    const value = signIn(sessions, now).split(";")[0] as string;
    expect(sessions.valid(requestWith(value), now + 59_000)).toBe(true);
    expect(sessions.valid(requestWith(value), now + 61_000)).toBe(false);
    const [name, rest] = value.split("=") as [string, string];
    const [expires, nonce, signature] = rest.split(".") as [string, string, string];
    expect(sessions.valid(requestWith(`${name}=${Number(expires) + 1e9}.${nonce}.${signature}`), now)).toBe(false);
    expect(sessions.valid(requestWith(`${name}=${expires}.${nonce}.${signature.replace(/^./, "A")}x`), now)).toBe(
      false,
    );
    expect(editorSessions(`${key}-changed`, 60).valid(requestWith(value), now)).toBe(false);
    expect(editorSessions(null, 60).valid(requestWith(value), now)).toBe(false);
  });

  it("R-STATS-1 the key is compared as a whole", () => {
    const sessions = editorSessions(key, 60);
    expect(sessions.keyMatches(key)).toBe(true);
    expect(sessions.keyMatches(key.slice(0, -1))).toBe(false);
    expect(editorSessions(null, 60).keyMatches("")).toBe(false);
  });

  it("reads one cookie among several", () => {
    expect(readCookie("a=1; davmu_editor=x.y.z; b=2", "davmu_editor")).toBe("x.y.z");
    expect(readCookie(undefined, "davmu_editor")).toBeNull();
  });
});

describe("the CSV export's fields", () => {
  it("R-STATS-1 quotes separators and quotes, and defuses what a spreadsheet would run as a formula", () => {
    expect(csvField("老街修表匠")).toBe("老街修表匠");
    expect(csvField('a,"b"')).toBe('"a,""b"""');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(-3)).toBe("-3");
  });
});
