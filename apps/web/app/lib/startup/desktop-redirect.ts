import { siteBase, siteBasePath } from "@davmu/contracts/site-path";
import { shouldUsePcWrapper, wideScreenParam } from "../device.ts";

/**
 * Desktop visitors are sent to the phone-framed /pc page, unless this page is already inside it; true
 * when this page is being left for it. The
 * address says the screen sent it (`screen=wide`): /pc sends a phone that did not come so (a desktop's
 * /pc link pasted into WeChat) back to the page itself.
 */
export function redirectDesktop(): boolean {
  const framed = window.self !== window.top;
  const onPc = window.location.pathname.replace(/\/+$/, "") === `${siteBase}pc`;
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  if (!framed && !onPc && shouldUsePcWrapper(navigator.userAgent, viewport)) {
    const inner = window.location.pathname.slice(siteBasePath.length) + window.location.search;
    window.location.replace(`${siteBase}pc?url=${encodeURIComponent(inner)}&${wideScreenParam}`);
    return true;
  }
  return false;
}
