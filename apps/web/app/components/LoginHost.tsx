import { type ComponentType, useEffect, useState } from "react";
import { loginEvent } from "../lib/events.ts";
import { translate } from "../lib/i18n/messages.ts";
import { lazyComponent } from "../lib/lazy-component.ts";
import { toast } from "../lib/toast.ts";
import type { LoginPopupProps } from "./LoginPopup.tsx";

const loadPopup = lazyComponent<LoginPopupProps>(() => import("./LoginPopup.tsx").then((m) => m.LoginPopup));

/**
 * Waits for the page-wide login event (R-LOGIN-1); the popup itself is fetched when first asked for.
 * Each opening mounts a fresh popup, so its fields start empty.
 */
export function LoginHost() {
  const [Popup, setPopup] = useState<ComponentType<LoginPopupProps> | null>(null);
  const [opening, setOpening] = useState(0);

  useEffect(() => {
    const show = () => {
      loadPopup()
        .then((component) => {
          setPopup(() => component);
          setOpening((n) => Math.abs(n) + 1);
        })
        .catch((error) => {
          console.warn("login popup failed to load:", error);
          toast(translate("networkError"));
        });
    };
    window.addEventListener(loginEvent, show);
    return () => window.removeEventListener(loginEvent, show);
  }, []);

  if (!Popup || opening <= 0) return null;
  return <Popup key={opening} onClose={() => setOpening((n) => -Math.abs(n))} />;
}
