/**
 * Which addresses content may carry to a page. A link, a picture or a stream taken from imported or
 * upstream data is one a page may use only when it is a path of this site or an http(s) URL: a
 * `javascript:`, `data:` or `vbscript:` address would run or inline content on the site's origin
 * (Preact's compat layer, unlike React, does not refuse a `javascript:` href).
 */
export function isWebAddress(address: string): boolean {
  if (address.startsWith("/")) return !address.startsWith("//") && !address.startsWith("/\\") && !/\s/.test(address);
  if (!/^https?:\/\//i.test(address) || /\s/.test(address)) return false;
  try {
    const url = new URL(address);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Schemes no app link may have: a browser runs them, inlines them or reads local files with them. */
const browserSchemes = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:", "about:", "filesystem:"]);

/**
 * An app's own link (the native app's scheme, `weixin://`, a store's `market://`, or a web address):
 * any scheme a browser hands to an app, never one it runs or inlines itself.
 */
export function isAppLink(address: string): boolean {
  if (isWebAddress(address)) return true;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(address)?.[1];
  return scheme !== undefined && !browserSchemes.has(`${scheme.toLowerCase()}:`) && !/\s/.test(address);
}
