import { BannerSlot } from "./BannerSlot.tsx";
import { RouterControlSlot } from "./RouterControl.tsx";

/**
 * The top of a list page (R-LAYOUT-4): the open-app header, or in the mini program the router
 * control instead (the bottom bar is the mini program's footer); the stylesheet shows the one for
 * where the page is (lib/startup/mini-program.ts). The login popup is the root's.
 */
export function ListHeader() {
  return (
    <>
      <BannerSlot />
      <RouterControlSlot />
    </>
  );
}
