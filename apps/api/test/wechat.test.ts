import { type FakeWechat, fakeWechatDefaults, startFakeWechat } from "@davmu/test-support/fake-wechat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsapiSignature } from "../src/modules/wechat/signature.ts";
import { startTestServer, type TestServer } from "./helper.ts";
import { origin, page, serverWith, signPath } from "./wechat-signing.ts";

describe("WeChat signing (getCWXconfig) without credentials", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_ORIGIN: origin });
  });
  afterAll(() => server.close());

  it("R-API-WXCONFIG answers 'not configured' and the site's share config still answers", async () => {
    const token = await server.anonymousToken();
    const answer = await server.get(signPath(page), token);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 404, msg: "未配置微信分享", data: null });
    await server.seedDemo();
    const share = await server.get("/peony/v1/system/wxshare", token);
    expect(share.status).toBe(200);
    expect(share.body.data.link).toBe(`${origin}/davmu/share/`);
    expect(share.body.data.title).not.toBe("");
    // pages read this before asking for a signature: unconfigured, they never ask
    expect(share.body.data.jssdk).toBe(false);
    expect(share.body.data.imgUrl === "" || share.body.data.imgUrl.startsWith(`${origin}/`)).toBe(true);
  });
});

describe("WeChat signing (getCWXconfig) against a fake WeChat API", () => {
  let fake: FakeWechat;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // every WeChat answer takes 50 ms, so the concurrent requests below really overlap
    fake = await startFakeWechat({ ...fakeWechatDefaults, delayMs: 50 });
    server = await serverWith(fake);
    token = await server.anonymousToken();
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("R-SHARE-2 100 concurrent sign requests cause one token fetch and one ticket fetch, each signature recomputable", async () => {
    // a hundred requests overlap the fake's 50 ms answers as well as a thousand do; the thousand, a load
    // of its own on two shared cores, run with `npm run test:long` (wechat-load.test.ts)
    const answers = await Promise.all(Array.from({ length: 100 }, () => server.get(signPath(page), token)));
    expect(answers.every((a) => a.status === 200 && a.body.code === 0)).toBe(true);
    expect(fake.tokenFetches).toBe(1);
    expect(fake.ticketFetches).toBe(1);
    for (const { body } of answers.slice(0, 50)) {
      const { appId, timestamp, nonceStr, signture } = body.data;
      expect(appId).toBe(fakeWechatDefaults.appId);
      expect(signture).toBe(jsapiSignature({ jsapiTicket: fake.currentTicket ?? "", nonceStr, timestamp, url: page }));
    }
  });

  it("R-API-WXCONFIG the answer holds appId, timestamp, nonceStr and the field spelt signture", async () => {
    expect((await server.get("/peony/v1/system/wxshare", token)).body.data.jssdk).toBe(true);
    const { body } = await server.get(signPath(page), token);
    expect(Object.keys(body.data).sort()).toEqual(["appId", "nonceStr", "signture", "timestamp"]);
    expect(Math.abs(body.data.timestamp - Date.now() / 1000)).toBeLessThan(5);
  });

  it("R-API-WXCONFIG bad URLs get a clear 4xx: too long, another origin, with a hash, missing, not a URL; no token 401", async () => {
    const cases: [string, string, string | null, number][] = [
      ["too long", signPath(`${origin}/davmu/share/?q=${"a".repeat(2100)}`), token, 400],
      ["another origin", signPath("https://evil.example/davmu/share/"), token, 400],
      ["with a hash", signPath(`${page}#comments`), token, 400],
      ["no path", "/inner/wxshare/config", token, 400],
      ["not a URL", signPath("share page please"), token, 400],
      ["javascript:", signPath("javascript:alert(1)//xxxxxxxx"), token, 400],
      ["no token", signPath(page), null, 401],
    ];
    for (const [what, path, auth, status] of cases) {
      const answer = await server.get(path, auth);
      expect(answer.status, what).toBe(status);
      expect(answer.body.code, what).not.toBe(0);
      expect(answer.body.msg, what).not.toBe("");
    }
    expect(fake.tokenFetches).toBe(1);
  });
});

describe("WeChat credentials expire and fail", () => {
  it("R-SHARE-2 a token and ticket are fetched again before they expire", async () => {
    const fake = await startFakeWechat({ ...fakeWechatDefaults, expiresIn: 2 });
    const server = await serverWith(fake);
    try {
      const token = await server.anonymousToken();
      expect((await server.get(signPath(page), token)).status).toBe(200);
      expect((await server.get(signPath(page), token)).status).toBe(200);
      expect([fake.tokenFetches, fake.ticketFetches]).toEqual([1, 1]);
      // refreshed 10% of the lifetime early: after 1.8 s of 2
      await new Promise((resolve) => setTimeout(resolve, 1900));
      const again = await server.get(signPath(page), token);
      expect(again.status).toBe(200);
      expect([fake.tokenFetches, fake.ticketFetches]).toEqual([2, 2]);
      expect(again.body.data.signture).toBe(
        jsapiSignature({
          jsapiTicket: fake.currentTicket ?? "",
          nonceStr: again.body.data.nonceStr,
          timestamp: again.body.data.timestamp,
          url: page,
        }),
      );
    } finally {
      await server.close();
      await fake.close();
    }
  });

  it("R-WX-3 WeChat down, rate-limited or refusing the secret gives no config (503), and signing recovers", async () => {
    const fake = await startFakeWechat(fakeWechatDefaults);
    const server = await serverWith(fake);
    const wrongSecret = await serverWith(fake, { WECHAT_APP_SECRET: "not-the-secret-0123456789" });
    try {
      const token = await server.anonymousToken();
      fake.mode = "down";
      const down = await server.get(signPath(page), token);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ code: 503, msg: "微信签名暂不可用", data: null });
      // after a failure, requests fail fast for 2 s instead of asking WeChat again at once
      const fetchesWhileDown = fake.tokenFetches;
      expect((await server.get(signPath(page), token)).status).toBe(503);
      expect(fake.tokenFetches).toBe(fetchesWhileDown);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      fake.mode = "rate-limited";
      expect((await server.get(signPath(page), token)).status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      fake.mode = "up";
      const recovered = await server.get(signPath(page), token);
      expect(recovered.status).toBe(200);
      expect(recovered.body.data.signture).toMatch(/^[0-9a-f]{40}$/);
      const refused = await wrongSecret.get(signPath(page), await wrongSecret.anonymousToken());
      expect(refused.status).toBe(503);
    } finally {
      await wrongSecret.close();
      await server.close();
      await fake.close();
    }
  });
});
