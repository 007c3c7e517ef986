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
