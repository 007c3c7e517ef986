import { type ComponentType, useState } from "react";
import { listenForRequests } from "../../islands/store.ts";
import { useShared } from "../../islands/use-shared.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import type { LoginPopupProps } from "./LoginPopup.tsx";

// the page-wide login requests (lib/events.ts) are counted in the islands' store from now on
listenForRequests();

/**
 * Answers the page-wide login requests (R-LOGIN-1), counted in the islands' store (islands/store.ts),
 * so on an island page a request made before this host woke is answered too. Each request mounts a
 * fresh popup, so its fields start empty; closing it answers every request so far.
 */
function Host(props: { Popup: ComponentType<LoginPopupProps> | null }) {
  const { Popup } = props;
  const requests = useShared((s) => s.loginRequests);
  const [answered, setAnswered] = useState(0);
  // drawn empty on the server; in the browser the popup comes in the host's first render
  const hydrated = useHydrated();
  if (!Popup || !hydrated || requests <= answered) return null;
  return <Popup key={requests} onClose={() => setAnswered(requests)} />;
}

/** The host as the server draws it: empty (root.tsx). */
export function LoginHost() {
  return <Host Popup={null} />;
}

/**
 * The host in the browser, with the popup the island registry loads beside it (islands/registry.ts):
 * the popup is drawn in the render that follows the request, with no fetch or effect between them.
 * This module does not import the popup, so no page's stylesheet takes in the sheet's rules
 * (decision 071).
 */
export function loginHostWith(Popup: ComponentType<LoginPopupProps>) {
  return function LoginHostWithPopup() {
    return <Host Popup={Popup} />;
  };
}
