import { describe, expect, it, vi } from "vitest";
import { createAnswerCheck } from "./answer-check.ts";
import { defineCall, fillPath } from "./call.ts";
import { ApiAnswerError, ApiTransportError, createApiClient, createCaller } from "./client.ts";

const contentItem = {
  code: 0,
  msg: "ok",
  data: { post_id: "abc", title: 7 },
};

/** A fetch that records each request and answers with the given body, status and headers. */
function fakeFetch(body: unknown, status = 200, headers: Record<string, string> = {}) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} });
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { "content-type": "application/json", ...headers } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

const credentials = () => ({ token: null, anonymousToken: "anon", anonymousId: "device-1" });

describe("the client calls by declaration", () => {
  it("R-SRV-8 fills the declared path, query and body, with the request headers of spec §7", async () => {
    const { fetch, requests } = fakeFetch({ code: 0, msg: "ok", data: { is_collect: true, collect_count: 1 } });
    const client = createApiClient({ baseUrl: "http://api.test/", credentials, fetch });
    await client.collectMp({ params: { id: "a/b c" }, body: { type: "add" } });
    await client.comments({ params: { post_id: "p1" }, query: { page: 2, size: 10, cursor: undefined } });
    expect(requests[0]?.url).toBe("http://api.test/guzzle/v1/collection/a%2Fb%20c");
    expect(requests[0]?.init.method).toBe("POST");
    expect(requests[0]?.init.body).toBe('{"type":"add"}');
    expect(requests[0]?.init.headers).toMatchObject({
      authorization: "anon",
      "X-Request-Id": "device-1",
      "content-type": "application/json",
    });
    expect(requests[1]?.url).toBe("http://api.test/peony/v1/comment/p1?page=2&size=10");
    expect(requests[1]?.init.body).toBeUndefined();
  });

  it("R-SRV-8 a declared path refuses a missing parameter rather than calling a wrong address", () => {
    expect(() => fillPath("/peony/v1/comment/:post_id/:cid", { post_id: "p" })).toThrow(/missing :cid/);
    expect(fillPath("/inner/static/content/:id", { id: "x?y#z" })).toBe("/inner/static/content/x%3Fy%23z");
  });

  it("R-API-AUTH a call declared without X-Request-Id is sent without it", async () => {
    const { fetch, requests } = fakeFetch({ code: 0, msg: "ok", data: null });
    const call = defineCall({
      method: "GET",
      path: "/law/v1/api/share/question/detail",
      access: "optional",
      tags: ["law"],
      summary: "test",
      requestId: false,
      responses: { 200: { type: "object" } as never },
    });
    await createCaller({ baseUrl: "", credentials, fetch })(call);
    expect(requests[0]?.init.headers).toEqual({ authorization: "anon" });
  });
});

describe("answers are checked against the call's declaration on the site's server", () => {
  it("R-SRV-8 a wrong shape is refused with the call, status, trace id and what is wrong", async () => {
    const { fetch } = fakeFetch(contentItem, 200, { "x-trace-id": "trace-1" });
    const client = createApiClient({ baseUrl: "", credentials, fetch, checkAnswer: createAnswerCheck() });
    const error = await client.content({ params: { id: "abc" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAnswerError);
    const wrong = error as ApiAnswerError;
    expect(wrong.call).toBe("GET /inner/static/content/:id");
    expect(wrong.status).toBe(200);
    expect(wrong.traceId).toBe("trace-1");
    expect(wrong.problem).not.toBe("");
  });

  it("R-SRV-8 error envelopes pass for any 4xx or 5xx; anything else at those statuses is refused", async () => {
    const check = createAnswerCheck();
    const call = defineCall({
      method: "GET",
      path: "/x",
      access: "token",
      tags: [],
      summary: "x",
      responses: { 200: { type: "object" } as never },
    });
    expect(check(call, 404, { code: 404, msg: "不存在", data: null })).toBeNull();
    expect(check(call, 503, { code: 503, msg: "稍后再试", data: null })).toBeNull();
    expect(check(call, 500, { error: "boom" })).not.toBeNull();
    expect(check(call, 302, {})).toMatch(/not declared/);
  });

  it("R-SRV-8 an answer that is not JSON is a transport error naming the call", async () => {
    const { fetch } = fakeFetch("<html>bad gateway</html>", 502);
    const client = createApiClient({ baseUrl: "", credentials, fetch, checkAnswer: createAnswerCheck() });
    const error = await client.siteConfig().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiTransportError);
    expect((error as ApiTransportError).call).toBe("GET /inner/static/data");
  });

  it("R-SRV-8 without a check (the browser), an envelope of any payload passes but a non-envelope does not", async () => {
    const loose = createApiClient({ baseUrl: "", credentials, fetch: fakeFetch(contentItem).fetch });
    expect((await loose.content({ params: { id: "abc" } })).code).toBe(0);
    const noEnvelope = createApiClient({ baseUrl: "", credentials, fetch: fakeFetch({ ok: true }).fetch });
    await expect(noEnvelope.siteConfig()).rejects.toThrow(/without an envelope/);
  });
});
