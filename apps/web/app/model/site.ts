import type { AppInfo, NavigationItem, SiteConfig } from "@davmu/contracts/app";

export const defaultSiteName = "客户端";
export const defaultThemeColor = "#FF4A26";

export interface SiteView {
  name: string;
  /** Banner line; falls back to an invitation to open the app. */
  description: string;
  logo: string;
  debug: boolean;
  /** False when the config gave no description and the default line is shown. */
  descriptionSet: boolean;
}

/** Runtime site config with the spec's defaults applied; tolerates a missing or partial config. */
export function resolveSite(config: Partial<SiteConfig> | null | undefined): SiteView {
  const name = config?.site_name?.trim() || defaultSiteName;
  const description = config?.descriptions?.trim() ?? "";
  return {
    name,
    descriptionSet: description !== "",
    // pages show the default line in their own language (dictionary key bannerDefaultDescription)
    description: description || "打开App，查看更多精彩内容",
    logo: config?.site_logo?.trim() || "",
    debug: config?.debug === true,
  };
}

export interface ThemeView {
  primaryColor: string;
  navigationItems: NavigationItem[];
}

const hexColor = /^#[0-9A-Fa-f]{6}$/;

/** data.app_info arrives as a JSON string; a broken one leaves the defaults in place. */
export function parseAppInfo(appInfoJson: string | null | undefined): ThemeView {
  let info: Partial<AppInfo> | null = null;
  if (appInfoJson) {
    try {
      info = JSON.parse(appInfoJson) as Partial<AppInfo>;
    } catch {
      info = null;
    }
  }
  const color = info?.primaryColor;
  return {
    primaryColor: typeof color === "string" && hexColor.test(color) ? color : defaultThemeColor,
    navigationItems: Array.isArray(info?.bottomNavigationBar?.navigationItems)
      ? info.bottomNavigationBar.navigationItems
      : [],
  };
}

/** The open-app dialog's line: 打开{site}，体验更多内容 */
export function openAppPrompt(siteName: string): string {
  return `打开${siteName}，体验更多内容`;
}
