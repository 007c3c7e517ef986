import { isInOwnClient } from "./device.ts";

/**
 * An island page's open-app banner, shown without React once the page has started (decision 056), as
 * the banner's component shows itself once hydrated on a page-router page (components/OpenAppBanner.tsx):
 * outside the product's own client; there, its room is taken away too.
 */
export function showBanner(doc: Document = document, userAgent: string = navigator.userAgent): void {
  const own = isInOwnClient(userAgent);
  for (const banner of Array.from(doc.querySelectorAll<HTMLElement>(".banner[hidden]"))) {
    if (!own) banner.hidden = false;
  }
  if (own) for (const room of Array.from(doc.querySelectorAll<HTMLElement>(".banner-spacer"))) room.hidden = true;
}
