/** Paths that must not carry X-Request-Id (spec §7). Matched as substrings of the request path. */
export const pathsWithoutRequestId = [
  "/law/v1/api/share/question/detail",
  "/law/v1/api/share/question/answerlist",
  "/peony/v1/picho/v1/open/",
  "/circle/v1/api/share/content/detail",
] as const;

export const fallbackRequestId = "123456";

export interface Credentials {
  /** the logged-in visitor's token */
  token?: string | null;
  /** the anonymous token every visitor holds */
  anonymousToken?: string | null;
  /** the stored anonymous id, sent as X-Request-Id */
  anonymousId?: string | null;
}

/** Headers every API request carries: authorization (user token, else anonymous) and X-Request-Id. */
export function requestHeaders(path: string, credentials: Credentials): Record<string, string> {
  const headers: Record<string, string> = {};
  const authorization = credentials.token || credentials.anonymousToken;
  if (authorization) headers.authorization = authorization;
  if (!pathsWithoutRequestId.some((p) => path.includes(p))) {
    headers["X-Request-Id"] = credentials.anonymousId || fallbackRequestId;
  }
  return headers;
}
