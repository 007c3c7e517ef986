import { type ComponentType, useEffect, useState } from "react";
import { usePageEnvironment } from "../lib/environment.ts";
import { lazyComponent } from "../lib/lazy-component.ts";
import { decideListLayout } from "../model/layout.ts";
import { BannerSlot } from "./BannerSlot.tsx";

// its own chunk, fetched only in the mini program (DetailShell's copy would bring the detail page along)
const loadRouterControl = lazyComponent(() => import("./RouterControl.tsx").then((m) => m.RouterControl));

function RouterControlWhenLoaded() {
  const [Control, setControl] = useState<ComponentType | null>(null);
  useEffect(() => {
    loadRouterControl()
      .then((component) => setControl(() => component))
      .catch((error) => console.warn("router control failed to load:", error));
  }, []);
  // the room the bar takes is held from the first paint, as the banner's is, so nothing moves when it comes
  return (
    <>
      <div className="router-control-spacer" />
      {Control ? <Control /> : null}
    </>
  );
}

/** Pages render for a phone browser; the page corrects it in a mini program once it runs. */
const serverEnvironment = { miniProgram: false, mobile: true };

/**
 * The top of a list page (R-LAYOUT-4): the open-app header, or in the mini program the router
 * control instead (the bottom bar is the mini program's footer). The login popup is the root's.
 */
export function ListHeader() {
  const layout = decideListLayout(usePageEnvironment(serverEnvironment));
  return (
    <>
      {layout.header ? <BannerSlot /> : null}
      {layout.routerControl ? <RouterControlWhenLoaded /> : null}
    </>
  );
}
