import { miniProgramAttribute } from "../../islands/protocol.ts";
import { isMiniProgram } from "../device.ts";

/**
 * `<html data-mini-program>`: the page is shown in a WeChat mini program's web view (decision 058).
 * The stylesheet then hides the open-app header and shows the router control and what else the
 * layouts draw for the mini program (R-LAYOUT-3, R-LAYOUT-4), so one server page serves both.
 */
export { miniProgramAttribute } from "../../islands/protocol.ts";

type BridgeWindow = Pick<Window, "document" | "navigator"> & { __wxjs_environment?: string };

/**
 * Marks the page as in the mini program when the user agent says so (WeChat 7 and later; the server
 * marks those pages itself) or WeChat's JS bridge does (`__wxjs_environment`, set by the time
 * `WeixinJSBridgeReady` fires): no React, so island pages and whole pages call the same.
 */
export function markMiniProgram(win: BridgeWindow = window): void {
  const root = win.document.documentElement;
  const mark = () => {
    if (isMiniProgram(win.navigator.userAgent, win.__wxjs_environment)) root.setAttribute(miniProgramAttribute, "");
  };
  mark();
  if (!root.hasAttribute(miniProgramAttribute))
    win.document.addEventListener("WeixinJSBridgeReady", mark, { once: true });
}
