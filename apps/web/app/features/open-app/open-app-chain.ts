import { browserOf } from "@davmu/contracts/user-agent";
import { intentOf, type OpenAppSettings, universalLinkOf } from "../../lib/open-app-links.ts";
import { type DownloadTarget, downloadTarget } from "./open-app-download.ts";
import { type OpenAppOutcome, type OpenAppStep, pageDeepLink, reportOpenApp } from "./open-app-report.ts";

/**
 * The open-app chain outside WeChat (R-SHARE-3), fetched when the open-app dialog first shows: the
 * universal link on iOS (when the app claims one, else its scheme); on Android an intent for Chrome
 * and the browsers that keep its intent handling, carrying the download page as its fallback, and the
 * scheme for the makers' and domestic browsers and apps' web views, which drop intents (decision 041,
 * browser families from packages/contracts/src/user-agent.ts); then, when the page is still showing
 * after `fallbackMs`, the download page. A page that was hidden meanwhile means the app opened; a page
 * that was left after an intent with a fallback means the browser went to the download page itself.
 * Every step reports its outcome. Written here rather than taken from callapp-lib (decision 023).
 */

/** How long the page waits for the app to take over before sending the visitor to the download page. */
export const fallbackMs = 2500;
/** How long an intent waits for the download address to carry as its fallback (the tap's activation lasts 5 s). */
export const intentWaitMs = 1500;

export interface ChainDependencies {
  navigate(url: string): void;
  report(step: OpenAppStep, outcome: OpenAppOutcome): void;
  download(): Promise<DownloadTarget | null>;
  ua: string;
  fallbackMs: number;
}

/**
 * The first step of the chain for this browser, and the URL it opens. `fallbackUrl` is the download
 * page an intent falls back to when no app takes it.
 */
export function firstStep(
  deepLink: string,
  settings: OpenAppSettings,
  ua: string,
  fallbackUrl: string | null = null,
): { step: OpenAppStep; url: string } {
  const browser = browserOf(ua);
  if (browser.os === "ios" && settings.universalLink) {
    return { step: "universal_link", url: universalLinkOf(settings.universalLink, deepLink) };
  }
  if (browser.launch === "intent" && settings.androidPackage) {
    return { step: "intent", url: intentOf(deepLink, settings.androidPackage, fallbackUrl) };
  }
  return { step: "scheme", url: deepLink };
}

function within<T>(promise: Promise<T | null>, ms: number): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => window.setTimeout(() => resolve(null), ms))]);
}

/** Runs the chain; resolves with what became of it (for tests and the caller's own use). */
export async function openAppChain(
  deepLink: string,
  settings: OpenAppSettings,
  deps: ChainDependencies,
): Promise<"opened" | "fell_back" | "failed"> {
  const target = deps.download().catch(() => null);
  const intent = firstStep(deepLink, settings, deps.ua).step === "intent";
  // an intent carries the download page, so Chrome goes there itself when no app takes it
  const early = intent ? await within(target, intentWaitMs) : null;
  const { step, url } = firstStep(deepLink, settings, deps.ua, early?.url ?? null);
  let hidden = false;
  let settled = false;
  return new Promise((resolve) => {
    const settle = (result: "opened" | "fell_back" | "failed") => {
      settled = true;
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onPagehide);
      resolve(result);
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") hidden = true;
    };
    const onPagehide = () => {
      if (settled) return;
      if (early && step === "intent") {
        // the page is being left, not just hidden: Chrome found no app and opened the fallback
        deps.report(step, "fell_back");
        deps.report("download", "tried");
        settle("fell_back");
        return;
      }
      hidden = true;
    };
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onPagehide);
    deps.report(step, "tried");
    deps.navigate(url);
    window.setTimeout(() => {
      if (settled) return;
      if (hidden || document.visibilityState === "hidden") {
        deps.report(step, "opened");
        settle("opened");
        return;
      }
      deps.report(step, "fell_back");
      target.then((found) => {
        if (settled) return;
        if (!found) {
          deps.report("download", "failed");
          settle("failed");
          return;
        }
        deps.report("download", "tried");
        settle("fell_back");
        deps.navigate(found.url);
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
