import { AsyncLocalStorage } from "node:async_hooks";
import { asVisitorHeader } from "@davmu/contracts/site-host";
import type { FastifyInstance } from "fastify";
import inject from "light-my-request";

/**
 * The address of the visitor whose page is being rendered (plugin.ts runs each render in it). A call
 * the render makes on the visitor's behalf (marked with `asVisitorHeader` by the site's
 * `callApiAsVisitor`) comes from that address, so the API's per-address limits count the visitor, not
 * this server (a receipt page looked up again and again is limited as its API call would be): in
 * process as the injected request's address, over HTTP in `X-Forwarded-For` (`forwardingFetch`). Every
 * other call comes from this server (in process 127.0.0.1), as its own (its token, answers shared
 * between pages).
 */
export const renderingFor = new AsyncLocalStorage<string>();

/**
 * A `fetch` that hands each request to the Fastify app in this process through `inject`: the request
 * passes the same routes, hooks, validation, auth and rate limits as one over HTTP (from the address
 * of the visitor whose page is rendered, `renderingFor`, else 127.0.0.1; with the Host of the URL asked
 * for), without a socket, an HTTP parser or a second pass through the
 * event loop on either side. What it answers is a standard Response; `signal` is honoured (an aborted
 * call rejects at once, as fetch does; the injected request itself runs to its end).
 *
 * The request goes to the app's own request handler (`app.routing`) through light-my-request, not
 * through `app.inject`, which refuses every request once the app starts closing: a page asked for on a
 * kept-alive connection during a drain's grace is still answered (decision 094), and its render needs
 * its API calls answered too. The routes, hooks and database stay until the server has closed. The app
 * must be ready, as it is once it serves a page (`app.inject` would wait for it).
 */
export function injectingFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const signal = init?.signal ?? request?.signal ?? null;
    signal?.throwIfAborted();
    const headers: Record<string, string> = { host: url.host };
    new Headers(init?.headers ?? request?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const asVisitor = headers[asVisitorHeader] === "1";
    delete headers[asVisitorHeader];
    const body = init?.body ?? (request?.body ? await request.text() : undefined);
    if (body !== undefined && body !== null && typeof body !== "string")
      throw new TypeError("the in-process API takes text bodies only");
    const injected = inject(app.routing, {
      method: (init?.method ?? request?.method ?? "GET") as "GET",
      url: url.pathname + url.search,
      headers,
      ...(typeof body === "string" ? { payload: body } : {}),
      remoteAddress: (asVisitor && renderingFor.getStore()) || "127.0.0.1",
    });
    // the listener goes once the answer is in: a call's signal is often a timeout's, which would
    // otherwise be kept until it fires (seconds later, making an error nobody reads) for every call
    let stopListening = () => {};
    const answer = await (signal
      ? Promise.race([
          injected,
          new Promise<never>((_resolve, reject) => {
            const onAbort = () => reject(signal.reason);
            signal.addEventListener("abort", onAbort, { once: true });
            stopListening = () => signal.removeEventListener("abort", onAbort);
          }),
        ]).finally(() => stopListening())
      : injected);
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const one of value) answerHeaders.append(name, one);
      else answerHeaders.set(name, String(value));
    }
    const noBody = answer.statusCode === 204 || answer.statusCode === 304 || answer.statusCode < 200;
    return new Response(noBody ? null : (answer.rawPayload as Uint8Array<ArrayBuffer>), {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: answerHeaders,
    });
  };
}

/**
 * A `fetch` for the site's calls to an API over HTTP (an API_BASE of its own: a site-only deployment,
 * or one in front of API servers elsewhere). A call made on the visitor's behalf (`asVisitorHeader`)
 * goes with the address of the visitor whose page is rendered (`renderingFor`) in `X-Forwarded-For`,
 * the mark taken off: an API whose TRUST_PROXY trusts this server's address counts the visitor in its
 * per-address limits, as one in process does; an API that does not trust it reads the socket's address,
 * as before. The header is set, never added to: nothing a visitor sent reaches the API in it (their
 * address is what this server's own TRUST_PROXY made of their request). Every other call goes with no
 * `X-Forwarded-For` at all, from this server's address.
 */
export function forwardingFetch(base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const asVisitor = headers.get(asVisitorHeader) === "1";
    // the mark never reaches the API, and no address but the one set here: an API that trusts this
    // server believes what it says in X-Forwarded-For
    headers.delete(asVisitorHeader);
    headers.delete("x-forwarded-for");
    const visitor = asVisitor ? renderingFor.getStore() : undefined;
    if (visitor) headers.set("x-forwarded-for", visitor);
    return base(input, { ...init, headers });
  };
}
