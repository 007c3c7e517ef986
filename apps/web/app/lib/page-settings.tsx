import { createContext, useContext } from "react";
import type { OpenAppSettings } from "./open-app-links.ts";

/**
 * The settings every part of a page may need from the root loader: the public API base and how the
 * page opens the app. The root route provides them on a page-router page and while the server
 * renders; an island gets them from its page's `#island-page` (islands/hydrate.tsx), since islands
 * have no router to read the root's data from (decision 056).
 */
export interface PageSettings {
  publicApiBase: string;
  openApp: OpenAppSettings;
}

export const noOpenAppSettings: OpenAppSettings = {
  scheme: "jianglan",
  universalLink: "",
  androidPackage: "",
  wechatOpenAppId: "",
};

export const PageSettingsContext = createContext<PageSettings>({ publicApiBase: "", openApp: noOpenAppSettings });

export function usePageSettings(): PageSettings {
  return useContext(PageSettingsContext);
}
