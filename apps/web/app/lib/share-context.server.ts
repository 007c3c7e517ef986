import { appDownloadModule } from "@davmu/contracts/app";
import { callApiShared } from "./api.server.ts";
import { openAppSettings } from "./open-app-settings.server.ts";
import type { ShareContext } from "./share-meta.ts";

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

/**
 * What every share card needs besides its item: the app's scheme, its App Store id (read from the
 * download address editors set, getH5AppDownUrl) and the site's name. Both answers are shared by
 * every render for a few seconds; either failing only leaves its part out of the card.
 */
export async function loadShareContext(): Promise<ShareContext> {
  const [download, site] = await Promise.all([
    optional(() =>
      callApiShared("app-download-ios", (c) =>
        c.appDownloadUrl({ query: { moduleName: appDownloadModule, platform: "ios" } }),
      ),
    ),
    optional(() => callApiShared("site-config", (c) => c.siteConfig())),
  ]);
  let iosUrl: string | undefined;
  try {
    iosUrl = download?.code === 0 ? (JSON.parse(download.data) as { url?: string }).url : undefined;
  } catch {
    iosUrl = undefined;
  }
  return {
    scheme: openAppSettings().scheme,
    appStoreId: appStoreIdOf(iosUrl),
    siteName: site?.code === 0 ? site.data.site_name || null : null,
  };
}
