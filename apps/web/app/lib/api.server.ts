import { type ApiClient, createApiClient } from "@davmu/contracts/client";
import { type EnvelopeOf, ErrorCode } from "@davmu/contracts/error-codes";
import { webEnv } from "./env.server.ts";

/**
 * The site's server holds an anonymous token of its own for server-side rendering: pages render the
 * anonymous view, and the visitor's own state is added in the browser after hydration.
 */
let serverToken: Promise<string> | null = null;
let client: ApiClient | null = null;
let currentToken: string | null = null;

function api(): ApiClient {
  client ??= createApiClient({
    baseUrl: webEnv().apiBase,
    credentials: () => ({ anonymousToken: currentToken, anonymousId: "share-site-ssr" }),
    timeoutMs: 8000,
    // the API is on loopback or the same network: compressing each answer there and decompressing
    // it here costs both sides more CPU than the bytes are worth
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), "accept-encoding": "identity" },
      }),
  });
  return client;
}

async function token(): Promise<string> {
  serverToken ??= api()
    .auth({ appid: 1, platform: "wap", device_id: "share-site-ssr" })
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

/** Runs a call with the server's token, renewing the token once if the API no longer accepts it. */
export async function callApi<T>(call: (client: ApiClient) => Promise<EnvelopeOf<T>>): Promise<EnvelopeOf<T>> {
  await token();
  const answer = await call(api());
  if (answer.code !== ErrorCode.unauthorized) return answer;
  serverToken = null;
  await token();
  return call(api());
}

/**
 * How long the site's server reuses an answer that is the same for every page (site config, app info,
 * the hot and recommended lists). A change made through the same process drops them at once
 * (`dropSharedAnswers`); one made elsewhere shows within this time.
 */
export const sharedAnswerMs = 10_000;
const shared = new Map<string, { until: number; answer: Promise<EnvelopeOf<unknown>> }>();

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
  const answer = callApi(call);
  shared.set(key, { until: now + sharedAnswerMs, answer });
  answer.then(
    (a) => {
      if (a.code !== ErrorCode.ok) shared.delete(key);
    },
    () => shared.delete(key),
  );
  return answer;
}

/** Forgets every shared answer: the server calls it when content changes (entry.server.tsx). */
export function dropSharedAnswers(): void {
  shared.clear();
}
