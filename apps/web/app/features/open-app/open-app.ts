import { useExternalState } from "../../lib/hydrated.ts";
import type { OpenAppSettings } from "../../lib/open-app-links.ts";
import { subscribeWxTagState, type WxTagState, wxTagState } from "../../lib/open-app-state.ts";
import { usePageSettings } from "../../lib/page-settings.tsx";

/**
 * The open-app chain's page-wide state (R-SHARE-3) as components read it; the state itself is in
 * open-app-state.ts (no React). What lays an open tag over a button arrives with the lazy WeChat
 * chunk; the chain outside WeChat, the guide and the outcome reports are fetched when first needed.
 */

export {
  guideEvent,
  setWxTagState,
  showOpenAppGuide,
  type TagMounter,
  tagMounter,
  type WxTagState,
  wxTagState,
} from "../../lib/open-app-state.ts";

export function useWxTagState(): WxTagState {
  return useExternalState(subscribeWxTagState, wxTagState, () => "off");
}

/** The open-app settings the root loader hands the page (APP_SCHEME, …; open-app-settings.server.ts). */
export function useOpenAppSettings(): OpenAppSettings {
  return usePageSettings().openApp;
}
