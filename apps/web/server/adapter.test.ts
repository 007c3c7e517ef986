import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { cspNonceHeader } from "@davmu/contracts/site-host";
import Fastify, { type FastifyReply } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toRequest, visitorGone } from "./adapter.ts";

describe("toRequest and visitorGone: the Fetch request a page is rendered from, and its signal", () => {
  const app = Fastify({ logger: false });
  const made: Request[] = [];
  const replies: FastifyReply[] = [];
  let arrived: () => void = () => {};
  let origin = "";
  beforeAll(async () => {
    app.get("/page", (request, reply) => {
      made.push(toRequest(request, "n0nce", visitorGone(reply)));
      reply.type("text/html").send("<p>页面</p>");
    });
    // answers only once the visitor has gone
    app.get("/slow", (request, reply) => {
      replies.push(reply);
      made.push(toRequest(request, "n0nce", visitorGone(reply)));
      arrived();
      reply.raw.once("close", () => reply.send("late"));
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it("R-WEB-SSR carries the URL, the headers and this render's nonce, and no abort once its answer was sent in full", async () => {
    const answer = await fetch(`${origin}/page?x=1`, {
      headers: { [cspNonceHeader]: "forged", "user-agent": "phone-test" },
    });
    expect(await answer.text()).toBe("<p>页面</p>");
    const request = made.at(-1) as Request;
    expect(request.url).toBe(`${origin}/page?x=1`);
    expect(request.headers.get("user-agent")).toBe("phone-test");
    expect(request.headers.get(cspNonceHeader)).toBe("n0nce");
    // the answer's close event comes after the client has read it
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(request.signal.aborted).toBe(false);
  });

  /** A visit to /slow, once the server holds it: the visitor's connection, to go away with. */
  async function slowVisit() {
    const here = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const client = httpRequest(`${origin}/slow`);
    client.on("error", () => {});
    client.end();
    await here;
    return client;
  }

  it("R-WEB-SSR a visitor already gone when the signal is made: it is aborted from the start", async () => {
    const client = await slowVisit();
    const reply = replies.at(-1) as FastifyReply;
    const closed = new Promise((resolve) => reply.raw.once("close", resolve));
    client.destroy();
    await closed;
    expect(visitorGone(reply).aborted).toBe(true);
  });

  it("R-WEB-SSR aborts its signal when the visitor goes away before the answer ends", async () => {
    const client = await slowVisit();
    const request = made.at(-1) as Request;
    expect(request.signal.aborted).toBe(false);
    const aborted = new Promise((resolve) => request.signal.addEventListener("abort", resolve, { once: true }));
    client.destroy();
    await aborted;
    expect(request.signal.aborted).toBe(true);
  });
});
