/** Page-wide events: any component can ask for the open-app dialog or the login popup. */
export const openAppEvent = "davmu:openApp";
export const loginEvent = "davmu:login";

export function emitOpenApp(): void {
  window.dispatchEvent(new Event(openAppEvent));
}

export function emitLogin(): void {
  window.dispatchEvent(new Event(loginEvent));
}

/**
 * Asks an island page's loader to wake the islands of that name now (decision 056): a part whose state
 * another changed (a comment sent from the footer shows in the list).
 */
export const wakeIslandEvent = "davmu:wakeIsland";

export function wakeIsland(name: string): void {
  window.dispatchEvent(new CustomEvent(wakeIslandEvent, { detail: name }));
}

/**
 * Tells an island page's loader that server markup with islands of its own was added under `element`
 * (加载更多's next cards): they are taken on under their policies, as the page's first ones were.
 */
export const islandsAddedEvent = "davmu:islandsAdded";

export function islandsAdded(element: Element): void {
  window.dispatchEvent(new CustomEvent(islandsAddedEvent, { detail: element }));
}

/** The API refused the stored user token (expired or revoked elsewhere): the session must end. */
export const sessionExpiredEvent = "davmu:sessionExpired";

export function emitSessionExpired(): void {
  window.dispatchEvent(new Event(sessionExpiredEvent));
}
