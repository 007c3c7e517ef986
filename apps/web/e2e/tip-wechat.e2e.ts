import { readFileSync } from "node:fs";
import { hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./content-pages.ts";
import { connectBrowser } from "./setup/site.ts";
import { startWechatProduct, type WechatProduct } from "./wechat-server.ts";

const demoPictures = new URL("../../api/demo-media/tips/demo/", import.meta.url).pathname;

describe("tip pictures inside WeChat", () => {
  let product: WechatProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startWechatProduct();
    browser = await connectBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it("R-TIP-1 with WeChat's JS-SDK ready, the picture tile opens chooseImage and sends each picture's getLocalImgData bytes (iOS with a data: prefix, Android without)", async () => {
    const road = readFileSync(`${demoPictures}manhole-road.jpg`).toString("base64");
    const street = readFileSync(`${demoPictures}dark-street.jpg`).toString("base64");
    const context = await phoneContext(browser);
    // a test double of jweixin: ready at once, its picker answering two pictures
    await context.addInitScript(
      ({ iosData, androidData }) => {
        const calls: Record<string, unknown>[] = [];
        (window as unknown as { __wxCalls: unknown }).__wxCalls = calls;
        const data: Record<string, string> = { "wxLocalResource://1": iosData, "weixin://resourceid/2": androidData };
        (window as unknown as { wx: unknown }).wx = {
          config: (config: { jsApiList: string[] }) => calls.push({ config: config.jsApiList }),
          ready: (callback: () => void) => setTimeout(callback, 0),
          error: () => undefined,
          updateAppMessageShareData: () => undefined,
          updateTimelineShareData: () => undefined,
          chooseImage: (options: { count: number; success(r: { localIds: string[] }): void }) => {
            calls.push({ chooseImage: options.count });
            setTimeout(() => options.success({ localIds: Object.keys(data) }), 0);
          },
          getLocalImgData: (options: { localId: string; success(r: { localData: string }): void }) => {
            calls.push({ getLocalImgData: options.localId });
            setTimeout(() => options.success({ localData: data[options.localId] as string }), 0);
          },
        };
      },
      { iosData: `data:image/jpeg;base64,${road}`, androidData: street },
    );
    const login = await fetch(`${product.origin}/peony/v1/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appid: 1, platform: "mobile", account: "13800138000", password: "jianglan123" }),
    }).then((r) => r.json());
    const page = await context.newPage();
    await page.goto(`${product.origin}/davmu/share/dejin/tip/index.html`);
    await page.evaluate(
      ({ token, userId }) => {
        localStorage.setItem("token", token);
        localStorage.setItem("user_id", userId);
      },
      { token: login.data.token, userId: login.data.user_id },
    );
    await page.reload();
    await hydrated(page);
    // the SDK was configured with the picker's APIs
    await expect
      .poll(() => page.evaluate(() => JSON.stringify((window as unknown as { __wxCalls: unknown[] }).__wxCalls)), {
        timeout: 8000,
      })
      .toContain("getLocalImgData");
    await page
      .getByLabel("事情经过")
      .fill("银杏大道人行道上的两棵行道树被大风刮断，横在路中间，行人只能绕到机动车道上走。");
    await page.locator(".tip-add").click();
    await expect.poll(() => page.locator(".tip-thumb img").count(), { timeout: 8000 }).toBe(2);
    const calls = await page.evaluate(() => (window as unknown as { __wxCalls: Record<string, unknown>[] }).__wxCalls);
    expect(calls).toContainEqual({ chooseImage: 9 });
    expect(calls.filter((c) => "getLocalImgData" in c)).toHaveLength(2);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `tip-wechat/tip-wechat-picked`);
    await page.getByRole("button", { name: "提交爆料" }).click();
    await page.waitForURL(/\/dejin\/tip\/[2-9A-HJ-NP-Z]{8}\/index\.html$/, { timeout: 30_000 });
    await hydrated(page);
    // both pictures arrived and were stored with their true sizes (the bytes WeChat handed over)
    await expect.poll(() => page.locator(".tip-content-pictures img").count(), { timeout: 8000 }).toBe(2);
    const sizes = await page
      .locator(".tip-content-pictures img")
      .evaluateAll((images) => images.map((i) => `${i.getAttribute("width")}x${i.getAttribute("height")}`));
    expect(sizes).toEqual(["1600x1200", "1200x1600"]);
    await context.close();
  });
});
