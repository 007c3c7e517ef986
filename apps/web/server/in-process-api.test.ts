import { getEventListeners } from "node:events";
import { asVisitorHeader } from "@davmu/contracts/site-host";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forwardingFetch, injectingFetch, renderingFor } from "./in-process-api.ts";

describe("injectingFetch: fetch answered by the Fastify app in process", () => {
  const app = Fastify({ logger: false });
  const seen: Array<{ url: string; host: string | undefined; ip: string; method: string }> = [];
  let release: () => void = () => {};
  beforeAll(async () => {
    app.addHook("onRequest", (request, _reply, done) => {
      seen.push({ url: request.url, host: request.headers.host, ip: request.ip, method: request.method });
      done();
    });
    app.get("/json", async (request) => ({ code: 0, auth: request.headers.authorization ?? null }));
    app.get("/marked", async (request) => ({ mark: request.headers[asVisitorHeader] ?? null }));
    app.post("/echo", async (request) => ({ got: request.body }));
    app.get("/cookies", (_request, reply) => {
      reply.header("set-cookie", ["a=1", "b=2"]).status(201).send({ ok: true });
    });
    app.delete("/nothing", (_request, reply) => reply.status(204).send());
    app.get("/slow", () => new Promise((resolve) => (release = () => resolve({ late: true }))));
    await app.ready();
  });
  afterAll(() => app.close());
  const fetchInProcess = injectingFetch(app);

  it("R-WEB-SSR passes the path, query, method, headers and body, from 127.0.0.1 with the URL's host", async () => {
    const answer = await fetchInProcess("http://127.0.0.1:3000/json?x=1", { headers: { authorization: "t0k" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ code: 0, auth: "t0k" });
    expect(seen.at(-1)).toEqual({ url: "/json?x=1", host: "127.0.0.1:3000", ip: "127.0.0.1", method: "GET" });

    const echoed = await fetchInProcess(new URL("http://127.0.0.1:3000/echo"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ 评论: "写得好" }),
    });
    expect(await echoed.json()).toEqual({ got: { 评论: "写得好" } });
  });

  it("R-WEB-SSR R-SEC-RATE a call made on the visitor's behalf during their page's render comes from their address; every other call from 127.0.0.1", async () => {
    const marked = { headers: { [asVisitorHeader]: "1" } };
    const visitor = await renderingFor.run("203.0.113.9", () => fetchInProcess("http://127.0.0.1:3000/marked", marked));
    // the mark is the host's to read: the API never sees it
    expect(await visitor.json()).toEqual({ mark: null });
    expect(seen.at(-1)?.ip).toBe("203.0.113.9");
    // the server's own calls during the same render (its token, answers shared between pages)
    await renderingFor.run("203.0.113.9", () => fetchInProcess("http://127.0.0.1:3000/json"));
    expect(seen.at(-1)?.ip).toBe("127.0.0.1");
    // a marked call outside any render, and one marked otherwise, are the server's own
    await fetchInProcess("http://127.0.0.1:3000/marked", marked);
    expect(seen.at(-1)?.ip).toBe("127.0.0.1");
    await renderingFor.run("203.0.113.9", () =>
      fetchInProcess("http://127.0.0.1:3000/marked", { headers: { [asVisitorHeader]: "yes" } }),
    );
    expect(seen.at(-1)?.ip).toBe("127.0.0.1");
  });

  it("R-WEB-SSR answers status and repeated headers as sent; no body for 204", async () => {
    const cookies = await fetchInProcess("http://127.0.0.1:3000/cookies");
    expect(cookies.status).toBe(201);
    expect(cookies.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    const nothing = await fetchInProcess("http://127.0.0.1:3000/nothing", { method: "DELETE" });
    expect(nothing.status).toBe(204);
    expect(await nothing.text()).toBe("");
    const missing = await fetchInProcess("http://127.0.0.1:3000/none");
    expect(missing.status).toBe(404);
  });

  it("R-WEB-SSR a call that has its answer leaves no listener on its signal (a timeout's is not kept until it fires)", async () => {
    const signal = AbortSignal.timeout(60_000);
    const answer = await fetchInProcess("http://127.0.0.1:3000/json", { signal });
    expect(answer.status).toBe(200);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
    const missing = await fetchInProcess("http://127.0.0.1:3000/none", { signal });
    expect(missing.status).toBe(404);
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });

  it("R-WEB-SSR an aborted call rejects as fetch does: at once, with the signal's reason", async () => {
    const controller = new AbortController();
    const call = fetchInProcess("http://127.0.0.1:3000/slow", { signal: controller.signal });
    controller.abort(new DOMException("timed out", "TimeoutError"));
    await expect(call).rejects.toMatchObject({ name: "TimeoutError" });
    release();
    await expect(fetchInProcess("http://127.0.0.1:3000/json", { signal: controller.signal })).rejects.toMatchObject({
      name: "TimeoutError",
    });
  });
});

describe("forwardingFetch: the site's calls over HTTP carry the visitor's address when made on their behalf", () => {
  // an API behind this site as a site-only deployment has it: over loopback, trusting the site's address
  const trusting = Fastify({ logger: false, trustProxy: "127.0.0.1" });
  const untrusting = Fastify({ logger: false });
  const bases: string[] = [];
  beforeAll(async () => {
    for (const api of [trusting, untrusting]) {
      api.get("/who", async (request) => ({
        ip: request.ip,
        forwarded: request.headers["x-forwarded-for"] ?? null,
        mark: request.headers[asVisitorHeader] ?? null,
      }));
      bases.push(await api.listen({ host: "127.0.0.1", port: 0 }));
    }
  });
  afterAll(async () => {
    await trusting.close();
    await untrusting.close();
  });
  const overHttp = forwardingFetch();
  const who = async (base: string, headers: Record<string, string>) =>
    (await (await overHttp(`${base}/who`, { headers })).json()) as {
      ip: string;
      forwarded: string | null;
      mark: string | null;
    };

  it("R-TIP-1 R-SEC-PROXY a call on the visitor's behalf comes from the visitor's address, its mark taken off", async () => {
    const seen = await renderingFor.run("203.0.113.9", () => who(bases[0] as string, { [asVisitorHeader]: "1" }));
    expect(seen).toEqual({ ip: "203.0.113.9", forwarded: "203.0.113.9", mark: null });
  });

  it("R-SEC-PROXY an address the caller put in X-Forwarded-For is replaced, never added to", async () => {
    const seen = await renderingFor.run("203.0.113.9", () =>
      who(bases[0] as string, { [asVisitorHeader]: "1", "x-forwarded-for": "6.6.6.6, 10.0.0.1" }),
    );
    expect(seen).toEqual({ ip: "203.0.113.9", forwarded: "203.0.113.9", mark: null });
  });

  it("R-SEC-PROXY the server's own calls, and one on a visitor's behalf outside any render, come from the server", async () => {
    // the server's token, the shared lists: the same for every visitor, never counted against one
    expect(await renderingFor.run("203.0.113.9", () => who(bases[0] as string, {}))).toEqual({
      ip: "127.0.0.1",
      forwarded: null,
      mark: null,
    });
    // nothing but the visitor's own address travels in X-Forwarded-For, and the mark never reaches the API
    expect(
      await renderingFor.run("203.0.113.9", () =>
        who(bases[0] as string, { "x-forwarded-for": "6.6.6.6", [asVisitorHeader]: "yes" }),
      ),
    ).toEqual({ ip: "127.0.0.1", forwarded: null, mark: null });
    expect(await who(bases[0] as string, { [asVisitorHeader]: "1" })).toEqual({
      ip: "127.0.0.1",
      forwarded: null,
      mark: null,
    });
  });

  it("R-SEC-PROXY an API that does not trust the site reads the socket's address, whatever the site sends", async () => {
    const seen = await renderingFor.run("203.0.113.9", () => who(bases[1] as string, { [asVisitorHeader]: "1" }));
    expect(seen).toEqual({ ip: "127.0.0.1", forwarded: "203.0.113.9", mark: null });
  });
});
