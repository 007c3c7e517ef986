import { readEnv } from "@davmu/config/read";
import type { OpenAppSettings } from "../open-app-links.ts";

let cached: OpenAppSettings | undefined;

/**
 * How pages open the native app, from the environment (APP_SCHEME, APP_UNIVERSAL_LINK,
 * APP_ANDROID_PACKAGE, WECHAT_OPEN_APP_ID), read once through the one configuration schema. These
 * values are public by nature: they are written into every page's links and open tags.
 */
export function openAppSettings(env: Record<string, string | undefined> = process.env): OpenAppSettings {
  if (cached && env === process.env) return cached;
  const values = readEnv(env);
  const settings: OpenAppSettings = {
    scheme: values.APP_SCHEME,
    universalLink: values.APP_UNIVERSAL_LINK ?? "",
    androidPackage: values.APP_ANDROID_PACKAGE,
    wechatOpenAppId: values.WECHAT_OPEN_APP_ID ?? "",
  };
  if (env === process.env) cached = settings;
  return settings;
}
