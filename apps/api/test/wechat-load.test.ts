import { fakeWechatDefaults, startFakeWechat } from "@davmu/test-support/fake-wechat";
import { describe, expect, it } from "vitest";
import { jsapiSignature } from "../src/modules/wechat/signature.ts";
import { page, serverWith, signPath } from "./wechat-signing.ts";

/**
 * The signing service under a thousand requests at once (`npm run test:long`): the single flight of
 * the access token and the ticket holds at a load that, on two cores shared with the browser files,
 * queues requests for tens of seconds. `npm test` asks the same with a hundred (wechat.test.ts).
 */
describe("WeChat signing under load", () => {
  it("R-SHARE-2 1,000 concurrent sign requests cause one token fetch and one ticket fetch, each signature recomputable", async () => {
    // every WeChat answer takes 50 ms, so the requests really overlap the fetches
    const fake = await startFakeWechat({ ...fakeWechatDefaults, delayMs: 50 });
    const server = await serverWith(fake);
    try {
      const token = await server.anonymousToken();
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 1000 }, () => server.get(signPath(page), token)));
      const elapsedMs = performance.now() - started;
      expect(answers.filter((a) => a.status !== 200 || a.body.code !== 0)).toEqual([]);
      expect(fake.tokenFetches).toBe(1);
      expect(fake.ticketFetches).toBe(1);
      for (const { body } of answers) {
        const { appId, timestamp, nonceStr, signture } = body.data;
        expect(appId).toBe(fakeWechatDefaults.appId);
        expect(signture).toBe(
          jsapiSignature({ jsapiTicket: fake.currentTicket ?? "", nonceStr, timestamp, url: page }),
        );
      }
      console.info(
        `signing load: 1000 concurrent requests in ${Math.round(elapsedMs)} ms (${Math.round((1000 / elapsedMs) * 1000)}/s)`,
      );
    } finally {
      await server.close();
      await fake.close();
    }
  });
});
