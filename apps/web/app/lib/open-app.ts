import { useSyncExternalStore } from "react";
import type { OpenAppSettings } from "./open-app-links.ts";
import { useRouteLoaderData } from "./router.ts";

/**
 * The open-app chain's page-wide state (R-SHARE-3), kept small for every page: whether WeChat's open
 * tags can launch here, and the guide overlay's event. What lays an open tag over a button arrives
 * with the lazy WeChat chunk; the chain outside WeChat, the guide and the outcome reports are
 * fetched when first needed.
 */

/** WeChat open tags: off (not WeChat), pending (SDK loading), ready (wx.config passed), failed. */
export type WxTagState = "off" | "pending" | "ready" | "failed";

/** Lays an open tag over the button in `host`; answers how to take it away. */
export type TagMounter = (
  host: HTMLElement,
  options: { label: string; weapp: boolean; settings: OpenAppSettings },
) => () => void;

let tagState: WxTagState = "off";
let mounter: TagMounter | null = null;
const listeners = new Set<() => void>();

export function setWxTagState(next: WxTagState, mount: TagMounter | null = mounter): void {
  mounter = mount;
  if (tagState === next) return;
  tagState = next;
  for (const listener of listeners) listener();
}

export function wxTagState(): WxTagState {
  return tagState;
}

export function tagMounter(): TagMounter | null {
  return tagState === "ready" ? mounter : null;
}

export function useWxTagState(): WxTagState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => tagState,
    () => "off",
  );
}

/** Asks for the guide overlay: 点击右上角 ··· 选择「在浏览器打开」, then the download page. */
export const guideEvent = "davmu:openAppGuide";
export function showOpenAppGuide(): void {
  window.dispatchEvent(new Event(guideEvent));
}

const noSettings: OpenAppSettings = { scheme: "jianglan", universalLink: "", androidPackage: "", wechatOpenAppId: "" };

/** The open-app settings the root loader hands the page (APP_SCHEME, …; open-app-settings.server.ts). */
export function useOpenAppSettings(): OpenAppSettings {
  return (useRouteLoaderData("root") as { openApp?: OpenAppSettings } | undefined)?.openApp ?? noSettings;
}
