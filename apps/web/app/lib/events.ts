/** Page-wide events: any component can ask for the open-app dialog or the login popup. */
export const openAppEvent = "davmu:openApp";
export const loginEvent = "davmu:login";

export function emitOpenApp(): void {
  window.dispatchEvent(new Event(openAppEvent));
}

export function emitLogin(): void {
  window.dispatchEvent(new Event(loginEvent));
}

/** The API refused the stored user token (expired or revoked elsewhere): the session must end. */
export const sessionExpiredEvent = "davmu:sessionExpired";

export function emitSessionExpired(): void {
  window.dispatchEvent(new Event(sessionExpiredEvent));
}
