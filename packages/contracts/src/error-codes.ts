/** Envelope shape and codes, free of schema code so browser bundles stay small. */
export interface EnvelopeOf<T> {
  code: number;
  msg: string;
  data: T;
}

/** Error codes the API answers with; HTTP status mirrors the class of error. */
export const ErrorCode = {
  ok: 0,
  badRequest: 400,
  unauthorized: 401,
  /** The account is not ready yet right after login; callers retry (spec §8). */
  accountNotReady: 402,
  notFound: 404,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,
  /** open_content: the content does not exist, is offline or was withdrawn. */
  contentUnavailable: 10024,
} as const;

export function isOk<T>(envelope: EnvelopeOf<T>): boolean {
  return envelope.code === ErrorCode.ok;
}
