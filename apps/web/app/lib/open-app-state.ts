import type { OpenAppSettings } from "./open-app-links.ts";

/**
 * The open-app chain's page-wide state (R-SHARE-3), with no React so a page's start-up (features/open-app/wechat.ts)
 * can set it before any island wakes: whether WeChat's open tags can launch here, and the guide
 * overlay's event. Components read it through features/open-app/open-app.ts.
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

/** Calls the listener whenever the state changes; answers how to stop. */
export function subscribeWxTagState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

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

/** Asks for the guide overlay: 点击右上角 ··· 选择「在浏览器打开」, then the download page. */
export const guideEvent = "davmu:openAppGuide";
export function showOpenAppGuide(): void {
  window.dispatchEvent(new Event(guideEvent));
}
