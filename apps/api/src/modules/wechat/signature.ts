import { createHash, randomBytes } from "node:crypto";

/** The fields WeChat's JS-SDK signature covers (JS-SDK docs, appendix 1: the signature algorithm). */
export interface SignatureInput {
  jsapiTicket: string;
  nonceStr: string;
  /** seconds since the epoch */
  timestamp: number;
  /** the page URL without its #hash, exactly as the page has it (not re-encoded) */
  url: string;
}

/**
 * The JS-SDK signature (R-SHARE-2): the four fields named in lower case, sorted by name (ASCII),
 * joined raw (no URL escaping) as `name=value` with `&`, then SHA-1 as lowercase hex.
 */
export function jsapiSignature(input: SignatureInput): string {
  const fields: Record<string, string> = {
    jsapi_ticket: input.jsapiTicket,
    noncestr: input.nonceStr,
    timestamp: String(input.timestamp),
    url: input.url,
  };
  const text = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join("&");
  return createHash("sha1").update(text, "utf8").digest("hex");
}

const nonceAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random nonce of 16 letters and digits (WeChat takes up to 32). */
export function nonceString(length = 16): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += nonceAlphabet[byte % nonceAlphabet.length];
  return out;
}

/** Why a page URL cannot be signed, or null when it can (R-API-WXCONFIG: without hash, our origin). */
export function refuseSignedUrl(url: string, publicOrigin: string): string | null {
  if (url.includes("#")) return "签名地址不能包含 # 及其后的部分";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "签名地址不是有效的网址";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "签名地址须为 http(s) 网址";
  if (parsed.origin !== new URL(publicOrigin).origin) return "只能为本站页面签名";
  if (/[\s<>"]/.test(url)) return "签名地址含有不允许的字符";
  return null;
}
