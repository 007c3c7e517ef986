import type { ApiClient } from "@davmu/contracts/client";
import { ErrorCode } from "@davmu/contracts/error-codes";
import { parseAppInfo, type ThemeView } from "../../model/site.ts";
import type { LocalValues } from "../local-values.ts";

type StartupClient = Pick<ApiClient, "auth" | "appInfo">;

async function fetchAnonymousToken(client: StartupClient, values: LocalValues): Promise<void> {
  const answer = await client.auth({ body: { appid: 1, platform: "mobile", device_id: values.deviceId() } });
  if (answer.code === ErrorCode.ok) values.setAnonymousToken(answer.data.token);
  else console.warn("anonymous login failed:", answer.msg);
}

/**
 * Startup in the browser: an anonymous token first (kept in local storage), then the app info that
 * sets the theme. A stored token the API no longer accepts is replaced once.
 */
export async function startup(client: StartupClient, values: LocalValues): Promise<ThemeView | null> {
  if (!values.token() && !values.anonymousToken()) {
    console.info("no token stored: an anonymous token will be used");
    await fetchAnonymousToken(client, values);
  }
  let info = await client.appInfo();
  if (info.code === ErrorCode.unauthorized && !values.token()) {
    values.clearAnonymousToken();
    await fetchAnonymousToken(client, values);
    info = await client.appInfo();
  }
  return info.code === ErrorCode.ok ? parseAppInfo(info.data.app_info) : null;
}
