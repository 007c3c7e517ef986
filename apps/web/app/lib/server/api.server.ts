import { createAnswerCheck } from "@davmu/contracts/answer-check";
import { ApiAnswerError, type ApiClient, ApiTransportError, createApiClient } from "@davmu/contracts/client";
import { type EnvelopeOf, ErrorCode } from "@davmu/contracts/error-codes";
import { asVisitorHeader } from "@davmu/contracts/site-host";
import { data } from "react-router";
import { webEnv } from "./env.server.ts";

/**
 * The site's server holds an anonymous token of its own for server-side rendering: pages render the
 * anonymous view, and the visitor's own state is added in the browser after hydration.
 */
let serverToken: Promise<string> | null = null;
let client: ApiClient | null = null;
let visitorClient: ApiClient | null = null;
let currentToken: string | null = null;
/** The host's way to the API in its own process (`apiInProcess` in entry.server.tsx), when it has one. */
let inProcessFetch: typeof fetch | null = null;
/** The host's way to the API over HTTP (`apiOverHttp`), which forwards a visitor's address; else fetch. */
let overHttpFetch: typeof fetch | null = null;

/**
 * Called by the host that serves the API in this process: calls to the API at its default address
 * (this process's own) go through `fetch` in process instead of HTTP to itself. A site that was given
 * an API_BASE, a site-only deployment among them, keeps calling it over HTTP.
 */
export function useApiInProcess(fetch: typeof globalThis.fetch) {
  inProcessFetch = fetch;
  client = null;
  visitorClient = null;
}

/**
 * Called by the host at start: calls that go over HTTP go through `fetch`, which sends a call made on
 * the visitor's behalf with their address (`X-Forwarded-For`) and every other call as it is.
 */
export function useApiOverHttp(fetch: typeof globalThis.fetch) {
  overHttpFetch = fetch;
  client = null;
  visitorClient = null;
}

function api(asVisitor = false): ApiClient {
  if (asVisitor) {
    visitorClient ??= createClient(true);
    return visitorClient;
  }
  client ??= createClient(false);
  return client;
}

function createClient(asVisitor: boolean): ApiClient {
  const env = webEnv();
  const transport = env.apiBaseIsOwn && inProcessFetch ? inProcessFetch : (overHttpFetch ?? fetch);
  return createApiClient({
    baseUrl: env.apiBase,
    credentials: () => ({ anonymousToken: currentToken, anonymousId: "share-site-ssr" }),
    timeoutMs: 8000,
    // every answer is checked against its call's declared schema: a page is never rendered from a wrong shape
    checkAnswer: createAnswerCheck(),
    // the API is in process, on loopback or on the same network: compressing each answer there and
    // decompressing it here costs both sides more CPU than the bytes are worth
    fetch: (input, init) =>
      transport(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          "accept-encoding": "identity",
          ...(asVisitor ? { [asVisitorHeader]: "1" } : {}),
        },
      }),
  });
}

async function token(): Promise<string> {
  serverToken ??= api()
    .auth({ body: { appid: 1, platform: "wap", device_id: "share-site-ssr" } })
    .then((answer) => {
      if (answer.code !== ErrorCode.ok) throw new Error(`anonymous login failed: ${answer.msg}`);
      return answer.data.token;
    })
    .catch((error) => {
      serverToken = null;
      throw error;
    });
  currentToken = await serverToken;
  return currentToken;
}

/**
 * An answer the site cannot use (the API unreachable, or answering not as its call declares) is
 * logged with the call and the API's trace id, and the page is drawn as the error page with 502.
 */
function badGateway(error: unknown): never {
  if (!(error instanceof ApiTransportError)) throw error;
  const wrong = error instanceof ApiAnswerError ? error : null;
  console.error(
    JSON.stringify({
      level: "error",
      msg: wrong ? "API answer does not match its declaration" : "API call failed",
      call: error.call,
      status: error.status,
      traceId: wrong?.traceId ?? null,
      problem: wrong?.problem ?? error.message,
    }),
  );
  throw data({ message: "upstream answer unusable" }, { status: 502 });
}

/** Runs a call with the server's token, renewing the token once if the API no longer accepts it. */
export async function callApi<T>(
  call: (client: ApiClient) => Promise<EnvelopeOf<T>>,
  asVisitor = false,
): Promise<EnvelopeOf<T>> {
  try {
    await token();
    const answer = await call(api(asVisitor));
    if (answer.code !== ErrorCode.unauthorized) return answer;
    serverToken = null;
    await token();
    return await call(api(asVisitor));
  } catch (error) {
    return badGateway(error);
  }
}

/**
 * A call made on the visitor's behalf, which the API limits per address (a receipt looked up): it comes
 * from the visitor's address (`asVisitorHeader`): in process as the request's address, over HTTP in
 * `X-Forwarded-For`, which an API trusting this server as a proxy takes; every other call comes from
 * the server itself, whoever's page is rendered (the server's token, answers shared between pages).
 */
export function callApiAsVisitor<T>(call: (client: ApiClient) => Promise<EnvelopeOf<T>>): Promise<EnvelopeOf<T>> {
  return callApi(call, true);
}

/**
 * How long the site's server reuses an answer that is the same for every page (site config, app info,
 * the hot and recommended lists), or for every page of one thing (a media account's own description,
 * a detail page's item and its first page of comments as anyone sees them, decision 080).
 * A change made through the same process drops them at once (`dropSharedAnswers`); one made elsewhere
 * shows within this time, as long as a rendered page is kept (cache-headers.ts).
 */
export const sharedAnswerMs = 10_000;
/** Past this many kept answers, the expired ones are forgotten before another is kept. */
export const sharedAnswerSweepAt = 500;
/**
 * At most this many answers are kept: past it with none expired (a crawler's burst of distinct items),
 * the one kept longest goes before another is kept (an every-page answer among them is asked again by
 * the next render and kept anew). An item's answer is its body and fields: some tens of KB in memory.
 */
export const sharedAnswerMax = 1000;
const shared = new Map<string, { until: number; answer: Promise<EnvelopeOf<unknown>> }>();

function forgetExpired(now: number) {
  for (const [key, kept] of shared) if (kept.until <= now) shared.delete(key);
}

/**
 * Like `callApi`, for answers every page shares: one call serves every render for a few seconds (the
 * rendered pages themselves are shared as long). Only successful answers are kept.
 */
export function callApiShared<T>(
  key: string,
  call: (client: ApiClient) => Promise<EnvelopeOf<T>>,
  now = Date.now(),
): Promise<EnvelopeOf<T>> {
  const kept = shared.get(key);
  if (kept && kept.until > now) return kept.answer as Promise<EnvelopeOf<T>>;
  if (!kept && shared.size >= sharedAnswerSweepAt) forgetExpired(now);
  if (!kept && shared.size >= sharedAnswerMax) shared.delete(shared.keys().next().value as string);
  const answer = callApi(call);
  shared.set(key, { until: now + sharedAnswerMs, answer });
  // a refusal is not kept; a newer answer for the key (after a change dropped this one) stays
  const forget = () => {
    if (shared.get(key)?.answer === answer) shared.delete(key);
  };
  answer.then((a) => {
    if (a.code !== ErrorCode.ok) forget();
  }, forget);
  return answer;
}

/** Forgets every shared answer: the server calls it when content changes (entry.server.tsx). */
export function dropSharedAnswers(): void {
  shared.clear();
}

/** How many answers are kept now (for tests). */
export function sharedAnswerCount(): number {
  return shared.size;
}
