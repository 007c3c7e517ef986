import { type FakeWechat, fakeWechatDefaults } from "@davmu/test-support/fake-wechat";
import { startTestServer } from "./helper.ts";

/** What the WeChat signing files share (wechat.test.ts, wechat-load.test.ts): a share page and its signing call. */
export const origin = "https://share.example.com";
export const page = `${origin}/davmu/share/news/doc/2026/11/AbCdEfGh/index.html?from=timeline&isappinstalled=0`;
export const signPath = (url: string) => `/inner/wxshare/config?path=${encodeURIComponent(url)}`;

/** A test server signing with the fake WeChat API's credentials. */
export function serverWith(fake: FakeWechat, env: Record<string, string> = {}) {
  return startTestServer({
    PUBLIC_ORIGIN: origin,
    WECHAT_APP_ID: fakeWechatDefaults.appId,
    WECHAT_APP_SECRET: fakeWechatDefaults.appSecret,
    WECHAT_API_BASE: fake.base,
    ...env,
  });
}
