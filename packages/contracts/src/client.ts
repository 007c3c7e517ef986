import type { AnyCall, InputOf, OkAnswerOf } from "./call.ts";
import { fillPath } from "./call.ts";
import { type Calls, calls } from "./calls.ts";
import { type Credentials, requestHeaders } from "./request-headers.ts";

/**
 * Checks an answer against its call's declaration: null when it matches, else what is wrong. The
 * site's server passes one (answer-check.ts); browsers trust the server's own checks and stay small.
 */
export type AnswerCheck = (call: AnyCall, status: number, body: unknown) => string | null;

export interface ApiClientOptions {
  /** Origin (and optional path prefix) of the platform API; "" for the page's own origin. */
  baseUrl: string;
  /** Credentials at the time of each call. */
  credentials: () => Credentials;
  fetch?: typeof fetch;
  /** Abort a call after this many milliseconds. */
  timeoutMs?: number;
  /** Refuse answers that do not match their declared schema (ApiAnswerError). */
  checkAnswer?: AnswerCheck;
}

/** The API could not be reached or did not answer with an envelope. */
export class ApiTransportError extends Error {
  // `declare`d fields are set in the constructor only: nothing is emitted for them (no field helpers
  // in the browser build, whose targets predate class fields)
  /** `METHOD /declared/path` of the call. */
  declare readonly call: string;
  declare readonly status: number | null;
  constructor(call: string, problem: string, status: number | null) {
    super(`${call} ${problem}`);
    this.name = "ApiTransportError";
    this.call = call;
    this.status = status;
  }
}

/** The API answered, but not as the call's declaration says it answers. */
export class ApiAnswerError extends ApiTransportError {
  /** The API's id of the request (`x-trace-id`), to find it in the API's log. */
  declare readonly traceId: string | null;
  declare readonly problem: string;
  constructor(call: string, status: number, traceId: string | null, problem: string) {
    super(call, `answered ${status} not as declared: ${problem}`, status);
    this.name = "ApiAnswerError";
    this.traceId = traceId;
    this.problem = problem;
  }
}

type CallMethod<C extends AnyCall> = (
  ...input: object extends InputOf<C> ? [input?: InputOf<C>] : [input: InputOf<C>]
) => Promise<OkAnswerOf<C>>;

/** One method per declared call, named as in `calls`; each answers the `{code, msg, data}` envelope. */
export type ApiClient = { [K in keyof Calls]: CallMethod<Calls[K]> };

type Query = Record<string, string | number | boolean | undefined>;

/** Makes any declared call: what the client's methods run on. */
export type Caller = <C extends AnyCall>(call: C, input?: InputOf<C>) => Promise<OkAnswerOf<C>>;

export function createCaller(options: ApiClientOptions): Caller {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/$/, "");

  async function send(call: AnyCall, input: { params?: object; query?: Query; body?: unknown } = {}) {
    const name = `${call.method} ${call.path}`;
    let path = fillPath(call.path, input.params as Record<string, unknown> | undefined);
    if (input.query) {
      const search = new URLSearchParams();
      for (const key of Object.keys(input.query)) {
        const value = input.query[key];
        if (value !== undefined) search.set(key, String(value));
      }
      const text = search.toString();
      if (text) path += `?${text}`;
    }
    const headers = requestHeaders(call.requestId === false ? "" : path, options.credentials());
    if (call.requestId === false) delete headers["X-Request-Id"];
    // a POST without a declared body still sends `{}`: some servers refuse an empty JSON body
    const body = input.body ?? (call.method === "GET" || call.method === "DELETE" ? undefined : {});
    if (body !== undefined) headers["content-type"] = "application/json";
    const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
    let response: Response;
    try {
      response = await doFetch(base + path, {
        method: call.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw new ApiTransportError(name, `failed: ${(error as Error).message}`, null);
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new ApiTransportError(name, `answered ${response.status} without JSON`, response.status);
    }
    if (options.checkAnswer) {
      const problem = options.checkAnswer(call, response.status, answer);
      if (problem) throw new ApiAnswerError(name, response.status, response.headers.get("x-trace-id"), problem);
    } else if (!answer || typeof answer !== "object" || typeof (answer as { code?: unknown }).code !== "number") {
      throw new ApiTransportError(name, `answered ${response.status} without an envelope`, response.status);
    }
    return answer;
  }

  return send as Caller;
}

/** Typed client of the platform API: calls by their declarations, never by a path written elsewhere. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const send = createCaller(options);
  const client: Record<string, (input?: object) => Promise<unknown>> = {};
  for (const key of Object.keys(calls) as (keyof Calls)[]) {
    const call: AnyCall = calls[key];
    client[key] = (input) => send(call, input as never);
  }
  return client as ApiClient;
}
