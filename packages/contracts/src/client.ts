import type { AppInfoEnvelopeData, AuthRequest, AuthResult, SiteConfig } from "./app.ts";
import type { ContentItem, ContentList, ContentListQuery } from "./content.ts";
import type { EnvelopeOf } from "./error-codes.ts";
import { type Credentials, requestHeaders } from "./request-headers.ts";

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the platform API; "" for the page's own origin. */
  baseUrl: string;
  /** Credentials at the time of each call. */
  credentials: () => Credentials;
  fetch?: typeof fetch;
  /** Abort a call after this many milliseconds. */
  timeoutMs?: number;
}

/** The API could not be reached or did not answer with an envelope. */
export class ApiTransportError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = "ApiTransportError";
    this.status = status;
  }
}

type Query = Record<string, string | number | boolean | undefined>;

export type ApiClient = ReturnType<typeof createApiClient>;

/** Typed client of the platform API. Every call answers the `{code, msg, data}` envelope as is. */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function call<T>(method: "GET" | "POST", path: string, init: { query?: Query; body?: unknown } = {}) {
    let url = options.baseUrl.replace(/\/$/, "") + path;
    if (init.query) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(init.query)) {
        if (value !== undefined) search.set(key, String(value));
      }
      const text = search.toString();
      if (text) url += `?${text}`;
    }
    const headers = requestHeaders(path, options.credentials());
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal,
      });
    } catch (error) {
      throw new ApiTransportError(`${method} ${path} failed: ${(error as Error).message}`, null);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ApiTransportError(`${method} ${path} answered ${response.status} without JSON`, response.status);
    }
    if (!body || typeof body !== "object" || typeof (body as { code?: unknown }).code !== "number") {
      throw new ApiTransportError(`${method} ${path} answered ${response.status} without an envelope`, response.status);
    }
    return body as EnvelopeOf<T>;
  }

  return {
    /** POST /peony/v1/auth: anonymous login. */
    auth: (body: AuthRequest) => call<AuthResult>("POST", "/peony/v1/auth", { body }),
    /** GET /peony/v1/app/info: app info as a JSON string in data.app_info. */
    appInfo: () => call<AppInfoEnvelopeData>("GET", "/peony/v1/app/info"),
    /** GET /peony/v1/group: the same app info. */
    group: () => call<AppInfoEnvelopeData>("GET", "/peony/v1/group"),
    /** GET /inner/static/data: the runtime site config. */
    siteConfig: () => call<SiteConfig>("GET", "/inner/static/data"),
    /** GET /inner/static/content/{id}. */
    content: (id: string) => call<ContentItem>("GET", `/inner/static/content/${encodeURIComponent(id)}`),
    /** GET /peony/v1/content: a page of a group's content. */
    contentList: (query: Partial<ContentListQuery>) => call<ContentList>("GET", "/peony/v1/content", { query }),
  };
}
