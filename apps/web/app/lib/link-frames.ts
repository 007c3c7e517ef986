import { isWebAddress } from "@davmu/contracts/addresses";
import { usePageSettings } from "./page-settings.tsx";

/** Origins the link popup may frame besides the site's own (LINK_FRAME_ORIGINS, from the page's settings). */
export function useLinkFrameOrigins(): readonly string[] {
  return usePageSettings().linkFrameOrigins;
}

/**
 * Whether the share page of an h5 or link item frames its address: a path of this site, or an https
 * address of a configured origin. Decided from the address alone, so the server's markup and the
 * browser's agree; a full address of the site's own origin gets the button only.
 */
export function framedOnItsPage(address: string, allowed: readonly string[]): boolean {
  if (address.startsWith("/") && !address.startsWith("//")) return true;
  try {
    const url = new URL(address);
    return url.protocol === "https:" && allowed.includes(url.origin.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * The address an h5 or link item's page opens, when it is one a page may link to: a path of this
 * site or an http(s) address. Anything else (a `javascript:` or `data:` address an import let
 * through) is dropped, and the page shows the item's summary alone.
 */
export function linkPageAddress(address: string): string {
  return isWebAddress(address) ? address : "";
}
