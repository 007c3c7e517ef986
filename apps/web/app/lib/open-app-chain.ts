import { type DownloadTarget, downloadTarget } from "./open-app-download.ts";
import { intentOf, type OpenAppSettings, universalLinkOf } from "./open-app-links.ts";
import { type OpenAppOutcome, type OpenAppStep, pageDeepLink, platformOf, reportOpenApp } from "./open-app-report.ts";

/**
 * The open-app chain outside WeChat (R-SHARE-3), fetched when the open-app dialog first shows: the
 * universal link on iOS (when the app claims one, else its scheme), an intent on Android's Chrome
 * (the scheme in other browsers), then, when the page is still showing after `fallbackMs`, the app's
 * download page. A page that was hidden meanwhile means the app opened: no fallback. Every step
 * reports its outcome. Written here rather than taken from callapp-lib (decision 023).
 */

/** How long the page waits for the app to take over before sending the visitor to the download page. */
export const fallbackMs = 2500;

export interface ChainDependencies {
  navigate(url: string): void;
  report(step: OpenAppStep, outcome: OpenAppOutcome): void;
  download(): Promise<DownloadTarget | null>;
  ua: string;
  fallbackMs: number;
}

/** The first step of the chain for this browser, and the URL it opens. */
export function firstStep(deepLink: string, settings: OpenAppSettings, ua: string): { step: OpenAppStep; url: string } {
  const platform = platformOf(ua);
  if (platform === "ios" && settings.universalLink) {
    return { step: "universal_link", url: universalLinkOf(settings.universalLink, deepLink) };
  }
  // Chrome and the browsers built on it follow intents; others (and Chrome's own WebView) the scheme
  if (platform === "android" && settings.androidPackage && /Chrome\/\d+/.test(ua) && !/; wv\)/.test(ua)) {
    return { step: "intent", url: intentOf(deepLink, settings.androidPackage) };
  }
  return { step: "scheme", url: deepLink };
}

/** Runs the chain; resolves with what became of it (for tests and the caller's own use). */
export function openAppChain(
  deepLink: string,
  settings: OpenAppSettings,
  deps: ChainDependencies,
): Promise<"opened" | "fell_back" | "failed"> {
  const { step, url } = firstStep(deepLink, settings, deps.ua);
  const target = deps.download().catch(() => null);
  let hidden = false;
  const onHidden = () => {
    if (document.visibilityState === "hidden") hidden = true;
  };
  const onPagehide = () => {
    hidden = true;
  };
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", onPagehide);
  deps.report(step, "tried");
  deps.navigate(url);
  return new Promise((resolve) => {
    window.setTimeout(() => {
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onPagehide);
      if (hidden || document.visibilityState === "hidden") {
        deps.report(step, "opened");
        resolve("opened");
        return;
      }
      deps.report(step, "fell_back");
      target.then((found) => {
        if (!found) {
          deps.report("download", "failed");
          resolve("failed");
          return;
        }
        deps.report("download", "tried");
        deps.navigate(found.url);
        resolve("fell_back");
      });
    }, deps.fallbackMs);
  });
}

/** The chain as the dialog runs it for the page's item: real navigation, reports and download address. */
export function openApp(settings: OpenAppSettings, publicApiBase: string) {
  return openAppChain(pageDeepLink(settings.scheme), settings, {
    navigate: (url) => {
      window.location.href = url;
    },
    report: (step, outcome) => reportOpenApp(publicApiBase, step, outcome),
    download: () => downloadTarget(publicApiBase),
    ua: navigator.userAgent,
    fallbackMs,
  });
}
