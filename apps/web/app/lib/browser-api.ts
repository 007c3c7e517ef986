import { type ApiClient, createApiClient } from "@davmu/contracts/client";
import { emitSessionExpired } from "./events.ts";
import { type LocalValues, localValues, safeStore } from "./local-values.ts";

/** The browser's API client and local values: one of each per page, made on first use. */
export interface BrowserApi {
  client: ApiClient;
  values: LocalValues;
  /** A client that sends the given user token whatever is stored (logout revokes the old one). */
  withToken(token: string): ApiClient;
}

let current: { base: string; api: BrowserApi } | null = null;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function browserApi(publicApiBase: string): BrowserApi {
  if (current && current.base === publicApiBase) return current.api;
  const values = localValues(safeStore(storage()), navigator.userAgent);
  // a 401 to a call made with the stored user token means that token no longer works
  const watchUserToken: typeof fetch = (input, init) =>
    fetch(input, init).then((response) => {
      const sent = (init?.headers as Record<string, string> | undefined)?.authorization;
      if (response.status === 401 && sent && sent === values.token()) emitSessionExpired();
      return response;
    });
  const make = (token: () => string | null, watch = false) =>
    createApiClient({
      baseUrl: publicApiBase,
      fetch: watch ? watchUserToken : undefined,
      credentials: () => ({
        token: token(),
        anonymousToken: values.anonymousToken(),
        anonymousId: values.anonymousId(),
      }),
      timeoutMs: 10000,
    });
  const api: BrowserApi = {
    client: make(() => values.token(), true),
    values,
    withToken: (token) => make(() => token),
  };
  current = { base: publicApiBase, api };
  return api;
}
