import { appDownloadModule } from "@davmu/contracts/app";
import type { ShareContext } from "../share-meta.ts";
import { callApiShared } from "./api.server.ts";
import { openAppSettings } from "./open-app-settings.server.ts";

/** The App Store id in an iOS download address (`https://apps.apple.com/cn/app/id6450000001`). */
export function appStoreIdOf(url: string | undefined): string | null {
  const match = url?.match(/^https:\/\/(?:apps|itunes)\.apple\.com\/.*\/id(\d{5,12})(?:[/?#]|$)/);
  return match?.[1] ?? null;
}

/** A load the card can do without: any failure leaves its part out. */
async function optional<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch {
    return null;
  }
}

/** How long the App Store id is kept, found or not (an unset download address is asked again only then). */
export const appStoreIdMs = 10_000;
let kept: { until: number; id: Promise<string | null> } | null = null;

/** The App Store id in the editors' iOS download address (getH5AppDownUrl), kept a few seconds. */
function appStoreId(now = Date.now()): Promise<string | null> {
  if (kept && kept.until > now) return kept.id;
  const id = optional(() =>
    callApiShared("app-download-ios", (c) =>
      c.appDownloadUrl({ query: { moduleName: appDownloadModule, platform: "ios" } }),
    ),
  ).then((download) => {
    try {
      return appStoreIdOf(download?.code === 0 ? (JSON.parse(download.data) as { url?: string }).url : undefined);
    } catch {
      return null;
    }
  });
  kept = { until: now + appStoreIdMs, id };
  return id;
}

/**
 * What every share card needs besides its item: the app's scheme, its App Store id (read from the
 * download address editors set) and the site's name. Both are shared by every render for a few
 * seconds, the App Store id even while no address is set; either failing only leaves its part out.
 */
export async function loadShareContext(): Promise<ShareContext> {
  const [id, site] = await Promise.all([
    appStoreId(),
    optional(() => callApiShared("site-config", (c) => c.siteConfig())),
  ]);
  return {
    scheme: openAppSettings().scheme,
    appStoreId: id,
    siteName: site?.code === 0 ? site.data.site_name || null : null,
  };
}
