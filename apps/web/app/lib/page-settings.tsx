import { createContext, useContext } from "react";
import type { ColorScheme } from "./color-scheme.ts";
import type { OpenAppSettings } from "./open-app-links.ts";

/**
 * The settings every part of a page may need from the root loader: the public API base, how the
 * page opens the app, the origins a link popup may frame and the visitor's colour scheme. The root
 * route provides them while the server renders; an island gets them from its page's `#island-page`
 * and `<html data-theme>` (islands/hydrate.tsx): the browser has no router to read the root's data
 * from (decisions 056, 058).
 */
export interface PageSettings {
  publicApiBase: string;
  openApp: OpenAppSettings;
  /** origins the link popup may frame besides the site's own (LINK_FRAME_ORIGINS) */
  linkFrameOrigins: readonly string[];
  /** the visitor's chosen colour scheme (cookie); null follows the system */
  scheme: ColorScheme | null;
}

export const noOpenAppSettings: OpenAppSettings = {
  scheme: "jianglan",
  universalLink: "",
  androidPackage: "",
  wechatOpenAppId: "",
};

export const PageSettingsContext = createContext<PageSettings>({
  publicApiBase: "",
  openApp: noOpenAppSettings,
  linkFrameOrigins: [],
  scheme: null,
});

export function usePageSettings(): PageSettings {
  return useContext(PageSettingsContext);
}
