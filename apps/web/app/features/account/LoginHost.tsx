import { type ComponentType, useState } from "react";
import { listenForRequests } from "../../islands/store.ts";
import { useShared } from "../../islands/use-shared.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import type { LoginPopupProps } from "./LoginPopup.tsx";

// the page-wide login requests (lib/events.ts) are counted in the islands' store from now on
listenForRequests();

/**
 * Answers the page-wide login requests (R-LOGIN-1), counted in the islands' store (islands/store.ts),
 * so on an island page a request made before this host woke is answered too. The popup for the next
 * request is always drawn, hidden until a request comes: on the server too, so that the page shows it
 * at once at a tap while this host sleeps (islands/boot.ts, decision 077), and the host, woken, takes
 * over the popup the visitor sees, with what they typed. Closing it answers every request so far and
 * draws a fresh one, its fields empty, for the next.
 */
function Host(props: { Popup: ComponentType<LoginPopupProps> }) {
  const { Popup } = props;
  const requests = useShared((s) => s.loginRequests);
  const [answered, setAnswered] = useState(0);
  // hidden while hydrating, as the server drew it; then open for a request not yet answered
  const hydrated = useHydrated();
  return <Popup key={answered} open={hydrated && requests > answered} onClose={() => setAnswered(requests)} />;
}

/**
 * The host with its popup: the island registry loads the two beside each other in the browser
 * (islands/registry.ts), the root draws them on the server. This module does not import the popup:
 * it goes with the hydration module, which every wake fetches (decision 073).
 */
export function loginHostWith(Popup: ComponentType<LoginPopupProps>) {
  return function LoginHostWithPopup() {
    return <Host Popup={Popup} />;
  };
}
