import { isInOwnClient } from "../device.ts";

/**
 * The page's open-app banner, shown without React once the page has started (decision 056): outside
 * the product's own client; there, its room is taken away too (features/navigation/OpenAppBanner.tsx).
 */
export function showBanner(doc: Document = document, userAgent: string = navigator.userAgent): void {
  const own = isInOwnClient(userAgent);
  for (const banner of Array.from(doc.querySelectorAll<HTMLElement>(".banner[hidden]"))) {
    if (!own) banner.hidden = false;
  }
  if (own) for (const room of Array.from(doc.querySelectorAll<HTMLElement>(".banner-spacer"))) room.hidden = true;
}
