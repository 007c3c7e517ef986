import { createAnswerCheck } from "@davmu/contracts/answer-check";
import type { AnyCall } from "@davmu/contracts/call";
import { calls } from "@davmu/contracts/calls";
import { inputOf, junk } from "@davmu/test-support/schema-arbitrary";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testDialect, testEditorKey } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

/**
 * Requests on this database, spread over every declared call (FUZZ_REQUESTS to change it; a seed to
 * replay): 5,000 on SQLite and 5,000 on PostgreSQL, 10,000 in the suite as a whole.
 */
const total = Number(process.env.FUZZ_REQUESTS ?? 5_000);
// each database gets requests of its own: the two halves are 10,000 different requests
const seed = Number(process.env.FUZZ_SEED ?? 20_261_124) + (testDialect === "postgres" ? 1_000_003 : 0);
const concurrency = 8;

interface Planned {
  name: string;
  call: AnyCall;
  path: string;
  body: unknown;
  auth: "none" | "garbage" | "anonymous" | "user";
  editorKey: "none" | "wrong" | "right";
  rawBody: boolean;
}

/** Editors' calls that would end or change the admin session every "right" request shares. */
const sessionChanging = new Set([
  "editorLogout",
  "revokeEditorSession",
  "changeEditorPassword",
  "startTotp",
  "confirmTotp",
  "updateEditor",
]);

/** Junk as a request body's text: strings as they are, anything else as JSON. */
const asText = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

/** A query string from generated values: scalars as text, anything else as JSON. */
function queryString(query: unknown): string {
  if (query === undefined || query === null) return "";
  if (typeof query !== "object" || Array.isArray(query)) return `?${encodeURIComponent(String(query))}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined) continue;
    search.append(key, typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

function pathOf(call: AnyCall, params: unknown): string {
  const values = (params && typeof params === "object" ? params : {}) as Record<string, unknown>;
  return call.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = values[name];
    return encodeURIComponent(typeof value === "object" ? JSON.stringify(value) : String(value ?? "x"));
  });
}

function plan(): Planned[] {
  const entries = Object.entries(calls) as [string, AnyCall][];
  const perCall = Math.ceil(total / entries.length);
  const planned: Planned[] = [];
  entries.forEach(([name, call], index) => {
    const request = fc.record({
      params: inputOf(call.params as never),
      query: inputOf(call.query as never),
      body: call.method === "GET" ? fc.constant(undefined) : inputOf(call.body as never),
      // logging out would end the shared tokens the other requests use
      auth:
        name === "logout"
          ? fc.constantFrom("none", "garbage")
          : fc.constantFrom("none", "garbage", "anonymous", "user", "user"),
      // ending the shared editor session, or changing its account, would refuse the other requests
      editorKey: sessionChanging.has(name)
        ? fc.constantFrom("none", "wrong")
        : fc.constantFrom("none", "wrong", "right", "right"),
      rawBody: fc.boolean().map((raw) => raw && call.method !== "GET"),
      rawText: junk,
    });
    for (const r of fc.sample(request, { numRuns: perCall, seed: seed + index })) {
      planned.push({
        name,
        call,
        path: pathOf(call, r.params) + queryString(r.query),
        body: r.rawBody ? asText(r.rawText) : r.body,
        auth: r.auth as Planned["auth"],
        editorKey: r.editorKey as Planned["editorKey"],
        rawBody: r.rawBody,
      });
    }
  });
  return planned.slice(0, Math.max(total, entries.length));
}

describe("schema-driven fuzzing of every declared call", () => {
  let server: TestServer;
  let anonymous: string;
  let user: string;
  let editor: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ OTP_PER_PHONE_PER_DAY: "1000", COMMENTS_PER_USER_PER_MINUTE: "1000" });
    await server.seedDemo();
    anonymous = await server.anonymousToken();
    user = (await server.login("13800138000")).token;
    editor = (await editorSession(server, "admin")).headers;
  });
  afterAll(() => server.close());

  it(`R-SRV-4 R-SRV-8 ${total.toLocaleString("en")} generated requests across every call: no 5xx, every answer as declared`, async () => {
    const requests = plan();
    const check = createAnswerCheck();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length && failures.length < 20) {
        const r = requests[next++] as Planned;
        const headers: Record<string, string> = {};
        if (r.auth === "garbage") headers.authorization = "Bearer not-a-token-at-all";
        if (r.auth === "anonymous") headers.authorization = anonymous;
        if (r.auth === "user") headers.authorization = user;
        if (r.editorKey === "wrong") headers["x-api-key"] = "wrong-key-wrong-key-wrong";
        // "right": the editors' key (the content import) and an admin's session with its CSRF token
        if (r.editorKey === "right") Object.assign(headers, editor, { "x-api-key": testEditorKey });
        const init: RequestInit = { method: r.call.method, headers };
        if (r.body !== undefined && r.call.method !== "GET") {
          headers["content-type"] = "application/json";
          init.body = r.rawBody ? asText(r.body) : JSON.stringify(r.body);
        }
        const response = await fetch(server.base + r.path, init);
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // compared as text: any JSON call answering something else is a failure
        }
        const problem = response.status >= 500 ? `status ${response.status}` : check(r.call, response.status, body);
        if (problem) {
          failures.push(
            `${r.name} ${r.call.method} ${r.path.slice(0, 200)} body=${JSON.stringify(r.body)?.slice(0, 200)} → ${response.status} ${text.slice(0, 200)}: ${problem}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    expect(failures).toEqual([]);
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(sent).toBeGreaterThanOrEqual(total);
    // both sides of the contract were reached: answers of success and of refusal
    expect(statuses.get(200) ?? 0).toBeGreaterThan(total / 20);
    expect([...statuses.keys()].some((status) => status >= 400 && status < 500)).toBe(true);
  }, 240_000);
});
