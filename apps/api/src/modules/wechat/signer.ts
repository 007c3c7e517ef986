import type { WechatConfig } from "@davmu/config/api";
import { type CredentialStore, type Fresh, inProcessCredentialStore } from "../../lib/single-flight.ts";
import { jsapiSignature, nonceString } from "./signature.ts";

/** WeChat did not give a credential: down, slow, a bad secret, rate-limited, or a malformed answer. */
export class WechatError extends Error {
  readonly errcode: number | null;
  constructor(message: string, errcode: number | null = null) {
    super(message);
    this.name = "WechatError";
    this.errcode = errcode;
  }
}

/** The errcodes of a token WeChat no longer accepts (invalid, expired): fetched anew once. */
const staleTokenCodes = new Set([40001, 40014, 42001]);

/**
 * When to fetch a credential again: 10% of its lifetime before it expires, at most 5 minutes early
 * (7200 s → after 6900 s), so a page never gets a signature made with a ticket about to lapse.
 */
export function refreshAt(fetchedAt: number, expiresInSeconds: number): number {
  const lifetimeMs = Math.max(1, expiresInSeconds) * 1000;
  return fetchedAt + lifetimeMs - Math.min(300_000, lifetimeMs / 10);
}

export interface SignConfig {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signture: string;
}

export interface WechatSigner {
  sign(url: string): Promise<SignConfig>;
}

async function getJson(url: string, timeoutMs: number): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new WechatError(`WeChat unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new WechatError(`WeChat answered HTTP ${response.status}`);
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    throw new WechatError("WeChat answered without JSON");
  }
}

/** A credential from WeChat's answer, or the WechatError its errcode means. */
function credential(answer: Record<string, unknown>, field: string, fetchedAt: number): Fresh {
  const errcode = typeof answer.errcode === "number" ? answer.errcode : 0;
  if (errcode !== 0) throw new WechatError(`WeChat errcode ${errcode}: ${String(answer.errmsg ?? "")}`, errcode);
  const value = answer[field];
  const expiresIn = answer.expires_in;
  if (typeof value !== "string" || value === "" || typeof expiresIn !== "number") {
    throw new WechatError(`WeChat answered without ${field}`);
  }
  return { value, refreshAt: refreshAt(fetchedAt, expiresIn) };
}

/**
 * Signs page URLs for the JS-SDK (R-SHARE-2): the access token and the jsapi_ticket are fetched from
 * WeChat's API, kept in the credential store until shortly before they expire, and fetched once for
 * any number of concurrent requests. A ticket refused for a stale token fetches the token once more.
 */
export function createWechatSigner(
  config: WechatConfig,
  options: { store?: CredentialStore; now?: () => number } = {},
): WechatSigner {
  const now = options.now ?? Date.now;
  const store = options.store ?? inProcessCredentialStore(now);
  const tokenKey = `wechat:${config.appId}:access_token`;
  const ticketKey = `wechat:${config.appId}:jsapi_ticket`;

  const accessToken = () =>
    store.get(tokenKey, async () => {
      const url = `${config.apiBase}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(config.appId)}&secret=${encodeURIComponent(config.appSecret)}`;
      return credential(await getJson(url, config.timeoutMs), "access_token", now());
    });

  const fetchTicket = async (token: string) => {
    const url = `${config.apiBase}/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`;
    return credential(await getJson(url, config.timeoutMs), "ticket", now());
  };

  const jsapiTicket = () =>
    store.get(ticketKey, async () => {
      const token = await accessToken();
      try {
        return await fetchTicket(token);
      } catch (error) {
        if (!(error instanceof WechatError) || error.errcode === null || !staleTokenCodes.has(error.errcode))
          throw error;
        await store.drop(tokenKey, token);
        return fetchTicket(await accessToken());
      }
    });

  return {
    async sign(url) {
      const ticket = await jsapiTicket();
      const timestamp = Math.floor(now() / 1000);
      const nonceStr = nonceString();
      return {
        appId: config.appId,
        timestamp,
        nonceStr,
        signture: jsapiSignature({ jsapiTicket: ticket, nonceStr, timestamp, url }),
      };
    },
  };
}
