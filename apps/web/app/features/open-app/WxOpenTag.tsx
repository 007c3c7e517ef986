import { useEffect, useRef } from "react";
import { tagMounter, useOpenAppSettings, useWxTagState } from "./open-app.ts";

/** Over the whole button; taps pass through until a tag is in it. */
const slotStyle = {
  position: "absolute",
  top: 0,
  left: 0,
  width: "100%",
  height: "100%",
  pointerEvents: "none",
} as const;

/** The box an open button and its tag share. */
export const openButtonBox = { position: "relative", display: "flex" } as const;

/**
 * Where WeChat's open tag goes over an open button (R-WX-2, R-SHARE-3): once wx.config has passed,
 * the lazy WeChat chunk lays the tag in (features/open-app/wechat-tags.ts). Nothing outside WeChat.
 */
export function WxOpenTag({ label, weapp = false }: { label: string; weapp?: boolean }) {
  const slot = useRef<HTMLSpanElement>(null);
  const state = useWxTagState();
  const settings = useOpenAppSettings();
  useEffect(() => {
    const mount = tagMounter();
    if (slot.current && state === "ready" && mount) return mount(slot.current, { label, weapp, settings });
  }, [state, label, weapp, settings]);
  return state === "off" ? null : <span ref={slot} className="wx-open-slot" style={slotStyle} />;
}
