import type { UserInfo } from "@davmu/contracts/account";
import { translate } from "../../model/i18n/messages.ts";
import { restoreUser } from "../account.ts";
import { browserApi } from "../browser-api.ts";
import { emitLogin, sessionExpiredEvent } from "../events.ts";
import { toast } from "../toast.ts";

/**
 * The visitor's session as a page starts, with no React (R-LOGIN-10): the page's start-up
 * (islands/page-effects.ts) calls these.
 */

/** A stored token brings the user back: `found` with them, then `done` whatever the answer. */
export function restoreSession(publicApiBase: string, on: { found(user: UserInfo): void; done(): void }): void {
  const { client, values } = browserApi(publicApiBase);
  restoreUser(client, values)
    .then((user) => {
      if (user) on.found(user);
    })
    .catch((error) => console.warn("session restore failed:", error))
    .finally(() => on.done());
}

/**
 * The stored session read again, when a page comes back from the back/forward cache as it was left:
 * the visitor may have logged in or out on another page meanwhile. `found` with the user stored now,
 * `gone` when none is (or the API refuses its token); a failed call changes nothing.
 */
export function refreshSession(publicApiBase: string, on: { found(user: UserInfo): void; gone(): void }): void {
  const { client, values } = browserApi(publicApiBase);
  if (!values.token() || !values.userId()) {
    on.gone();
    return;
  }
  restoreUser(client, values)
    .then((user) => {
      if (user) on.found(user);
      // refused: its token forgotten by the restore
      else if (!values.userId()) on.gone();
    })
    .catch((error) => console.warn("session refresh failed:", error));
}

/**
 * A token that stopped working mid-visit: forgotten, and a visitor who was logged in is told and
 * asked to log in again (on load the restore handles a dead token quietly). Answers how to stop listening.
 */
export function watchSessionExpiry(publicApiBase: string, on: { signedIn(): boolean; expired(): void }): () => void {
  const expired = () => {
    browserApi(publicApiBase).values.clearUser();
    if (!on.signedIn()) return;
    on.expired();
    toast(translate("sessionExpired"));
    emitLogin();
  };
  window.addEventListener(sessionExpiredEvent, expired);
  return () => window.removeEventListener(sessionExpiredEvent, expired);
}
