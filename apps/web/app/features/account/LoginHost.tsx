import { type ComponentType, useEffect, useState } from "react";
import { listenForRequests } from "../../islands/store.ts";
import { useShared } from "../../islands/use-shared.ts";
import { lazyComponent } from "../../lib/lazy-component.ts";
import { toast } from "../../lib/toast.ts";
import { translate } from "../../model/i18n/messages.ts";
import type { LoginPopupProps } from "./LoginPopup.tsx";

// the page-wide login requests (lib/events.ts) are counted in the islands' store from now on
listenForRequests();

const loadPopup = lazyComponent<LoginPopupProps>(() => import("./LoginPopup.tsx").then((m) => m.LoginPopup));

/**
 * Answers the page-wide login requests (R-LOGIN-1), counted in the islands' store (islands/store.ts),
 * so on an island page a request made before this host woke is answered too; the popup itself is
 * fetched when first asked for. Each opening mounts a fresh popup, so its fields start empty.
 */
export function LoginHost() {
  const [Popup, setPopup] = useState<ComponentType<LoginPopupProps> | null>(null);
  const [opening, setOpening] = useState(0);

  const requests = useShared((s) => s.loginRequests);

  useEffect(() => {
    if (requests === 0) return;
    loadPopup()
      .then((component) => {
        setPopup(() => component);
        setOpening((n) => Math.abs(n) + 1);
      })
      .catch((error) => {
        console.warn("login popup failed to load:", error);
        toast(translate("networkError"));
      });
  }, [requests]);

  if (!Popup || opening <= 0) return null;
  return <Popup key={opening} onClose={() => setOpening((n) => -Math.abs(n))} />;
}
