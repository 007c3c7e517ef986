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

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of a colour against white. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * The theme colour as text on white, or as the background of white text: the brand colour itself when
 * it reaches WCAG AA (4.5:1), else the same hue darkened just enough. Bright brand colours such as
 * #FF4A26 stay on borders and accents, where contrast rules do not apply.
 */
export function readableThemeColor(hex: string): string {
  let color = hex.toUpperCase();
  for (let scale = 1; contrastWithWhite(color) < 4.5 && scale > 0; scale -= 0.01) {
    color = `#${[1, 3, 5]
      .map((i) =>
        Math.round(Number.parseInt(hex.slice(i, i + 2), 16) * scale)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
      .toUpperCase()}`;
  }
  return color;
}

/** The card colour of dark mode (app.css `--card` under `data-theme="dark"`). */
export const darkCardColor = "#1C1C1E";

/** WCAG contrast ratio of two colours. */
export function contrastBetween(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The theme colour as text on dark mode's cards (R-SITE-13): the brand colour itself when it reaches
 * WCAG AA (4.5:1) on them, else the same colour mixed with white just enough. The darkened
 * `readableThemeColor` that suits white cards falls to about 3.7:1 there.
 */
export function readableThemeColorOnDark(hex: string): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let color = hex.toUpperCase();
  for (let mix = 0.01; contrastBetween(color, darkCardColor) < 4.5 && mix <= 1; mix += 0.01) {
    color = `#${channels
      .map((c) =>
        Math.round(c + (255 - c) * mix)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
      .toUpperCase()}`;
  }
  return color;
}

/** The debug console (R-SITE-11) loads only when the site config's `debug` flag is on. */
export function wantsDebugConsole(site: { debug: boolean }): boolean {
  return site.debug === true;
}
