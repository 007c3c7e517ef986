/** The console's one door to the API: the session cookie goes by itself, writes carry the CSRF token. */

export type Role = "admin" | "editor" | "moderator" | "analyst";

export interface EditorAccount {
  id: number;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  totp_enabled: boolean;
  totp_required: boolean;
  created_at: string;
  /** While the password is a one-time one someone handed over: when it stops logging in; null once its owner chose one. */
  password_expires_at: string | null;
}

export interface Me {
  editor: EditorAccount;
  csrf_token: string;
  totp_enrolment_required: boolean;
  /** The password is a one-time one an admin handed over: only the security screen works until it is replaced. */
  password_change_required: boolean;
}

/** An answer other than code 0: its HTTP status and the API's message (already in Chinese). */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

let csrfToken = "";
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};

/** Told when the session is gone (401): the app goes back to the login screen. */
const expiredListeners = new Set<() => void>();
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export async function api<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  options: { quietUnauthorized?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET") headers["x-csrf-token"] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network");
  }
  let answer: { code?: number; msg?: string; data?: unknown } = {};
  try {
    answer = await response.json();
  } catch {
    // an answer without a body (a proxy's error page): the status says enough
  }
  if (response.ok && answer.code === 0) return answer.data as T;
  const status = response.ok ? (answer.code ?? 500) : response.status;
  if (status === 401 && !options.quietUnauthorized) for (const listener of expiredListeners) listener();
  throw new ApiError(status, answer.msg ?? response.statusText);
}

/** The query string of the defined, non-empty values. */
export function query(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
