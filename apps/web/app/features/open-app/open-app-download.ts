import { browserApi } from "../../lib/browser-api.ts";
import { platformOf } from "./open-app-report.ts";

/**
 * Where the open-app chain sends a visitor without the app (R-API-DOWNURL, R-SHARE-4): the download
 * address editors set for the visitor's platform (getH5AppDownUrl), with a deferred-link code of
 * the page's item, which the app resolves once after install to open the same item.
 */
export interface DownloadTarget {
  url: string;
  /** the item's deferred-link code, null on a page without an item or when minting failed */
  code: string | null;
}

/** The item of the page (its share card's `davmu:post-id`), else null. */
function pagePostId(): string | null {
  return document.querySelector('meta[name="davmu:post-id"]')?.getAttribute("content") || null;
}

export async function downloadTarget(publicApiBase: string): Promise<DownloadTarget | null> {
  const { client } = browserApi(publicApiBase);
  const platform = platformOf(navigator.userAgent) === "ios" ? "ios" : "android";
  const postId = pagePostId();
  const [address, minted] = await Promise.all([
    client.appDownloadUrl({ query: { moduleName: "app_download_url", platform } }).catch(() => null),
    postId ? client.mintDeferredLink({ body: { post_id: postId } }).catch(() => null) : null,
  ]);
  if (address?.code !== 0) {
    console.warn("app download address unavailable:", address?.msg);
    return null;
  }
  let url: string | undefined;
  try {
    url = (JSON.parse(address.data) as { url?: string }).url;
  } catch {
    url = undefined;
  }
  if (!url || !/^https:\/\//.test(url)) return null;
  const code = minted?.code === 0 ? minted.data.code : null;
  return { url: code ? `${url}${url.includes("?") ? "&" : "?"}dl_code=${code}` : url, code };
}

/**
 * Copies text in the visitor's own tap (the deferred-link code, R-SHARE-4): the Clipboard API
 * where there is one, else a selected textarea and execCommand, which iOS 12 needs. Never without a tap.
 */
export function copyInTap(text: string): void {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.cssText = "position:fixed;top:0;left:0;opacity:0;font-size:16px";
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  try {
    document.execCommand("copy");
  } catch (error) {
    console.info("copy refused:", error);
  }
  document.body.removeChild(area);
  navigator.clipboard?.writeText(text).catch(() => undefined);
}
