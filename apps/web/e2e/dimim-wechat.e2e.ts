import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { hydrated, phoneContext } from "@davmu/test-support/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser } from "./setup/site.ts";
import { startWechatProduct, type WechatProduct } from "./wechat-server.ts";

/** A test double of jweixin: ready at once, recording the share data the page sets. */
function injectWx(context: BrowserContext) {
  return context.addInitScript(() => {
    const record: Record<string, unknown> = {};
    const data = (value: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v !== "function"));
    (window as unknown as { __wx: unknown }).__wx = record;
    (window as unknown as { wx: unknown }).wx = {
      config: (config: Record<string, unknown>) => {
        record.config = config;
      },
      ready: (callback: () => void) => setTimeout(callback, 0),
      error: () => {},
      updateAppMessageShareData: (share: Record<string, unknown>) => {
        record.appMessage = data(share);
      },
      updateTimelineShareData: (share: Record<string, unknown>) => {
        record.timeline = data(share);
      },
    };
  });
}

type Shared = { appMessage?: Record<string, unknown>; timeline?: Record<string, unknown> };
const wxState = (page: Page) => page.evaluate(() => (window as unknown as { __wx: Shared }).__wx);

describe("circles and law Q&A shared in WeChat", () => {
  let product: WechatProduct;
  let browser: Browser;
  const ids: { post?: string; question?: string } = {};

  beforeAll(async () => {
    product = await startWechatProduct();
    browser = await connectBrowser();
    // that product's salt (wechat-server.ts): the demo rows' public ids are found by trying the first few
    const codec = createPublicIdCodec("e2e-wechat-salt", 8);
    const auth = await fetch(`${product.origin}/peony/v1/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appid: 1, platform: "mobile" }),
    }).then((r) => r.json());
    const get = (path: string) =>
      fetch(`${product.origin}${path}`, { headers: { authorization: auth.data.token } }).then((r) => r.json());
    for (let n = 1; n <= 20 && !(ids.post && ids.question); n++) {
      const id = codec.encode(n);
      const post = await get(`/circle/v1/api/share/content/detail?id=${id}`);
      if (!ids.post && post.code === 0 && post.data.pictures.length === 2) ids.post = id;
      const question = await get(`/law/v1/api/share/question/detail?id=${id}`);
      if (!ids.question && question.code === 0 && question.data.solved) ids.question = id;
    }
    if (!ids.post || !ids.question) throw new Error("the demo post and question are missing");
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  async function shared(path: string) {
    const context = await phoneContext(browser);
    await injectWx(context);
    const page = await context.newPage();
    await page.goto(`${product.origin}/davmu/share${path}`);
    await hydrated(page);
    await expect.poll(async () => (await wxState(page)).appMessage, { timeout: 10_000 }).toBeDefined();
    const state = await wxState(page);
    const landing = page.url().split("#")[0] ?? "";
    await context.close();
    return { ...state, landing };
  }

  it("R-SHARE-1 R-WX-1 a post shared to a chat or Moments carries its author, circle, first line and first picture", async () => {
    const { appMessage, timeline, landing } = await shared(`/dimim/content/index.html?id=${ids.post}`);
    expect(appMessage).toEqual({
      title: "城东老李在「江澜跑团」：第一次跑完半程马拉松！最后三公里腿像灌了铅，是路…",
      desc: expect.stringContaining("第一次跑完半程马拉松"),
      link: landing,
      imgUrl: `${product.origin}/media/community/finish-line.jpg`,
    });
    expect(timeline).toEqual({ title: appMessage?.title, link: landing, imgUrl: appMessage?.imgUrl });
  });

  it("R-SHARE-1 R-WX-1 a law question shared in WeChat carries its title and the start of the question", async () => {
    const { appMessage, landing } = await shared(`/fazak/problemShare/index.html?id=${ids.question}`);
    expect(appMessage).toMatchObject({
      title: "退租时房东以“墙上有钉孔”为由扣下全部押金，合法吗？",
      desc: expect.stringMatching(/^租房合同一年/),
      link: landing,
    });
  });
});
