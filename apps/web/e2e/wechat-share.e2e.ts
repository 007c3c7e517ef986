import corpus from "@davmu/contracts/user-agent-corpus.json" with { type: "json" };
import { demoCards, desktopContext, hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsapiSignature } from "../../api/src/modules/wechat/signature.ts";
import { axeViolations } from "./content-pages.ts";
import { editorHeaders } from "./editor-session.ts";
import { connectBrowser } from "./setup/site.ts";
import { startWechatProduct, type WechatProduct } from "./wechat-server.ts";

const androidChrome =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";

interface WxDouble {
  config?: Record<string, unknown>;
  appMessage?: Record<string, unknown>;
  timeline?: Record<string, unknown>;
}

/** A test double of jweixin: records wx.config and the share data, and is ready at once (or refuses the config). */
function injectWx(context: BrowserContext, refuse = false) {
  return context.addInitScript((refuseConfig: boolean) => {
    const record: Record<string, unknown> = {};
    const data = (value: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v !== "function"));
    (window as unknown as { __wx: unknown }).__wx = record;
    (window as unknown as { wx: unknown }).wx = {
      config: (config: Record<string, unknown>) => {
        record.config = config;
      },
      ready: (callback: () => void) => {
        if (!refuseConfig) setTimeout(callback, 0);
      },
      error: (callback: (result: { errMsg: string }) => void) => {
        if (refuseConfig) setTimeout(() => callback({ errMsg: "config:invalid signature" }), 0);
      },
      updateAppMessageShareData: (share: Record<string, unknown>) => {
        record.appMessage = data(share);
      },
      updateTimelineShareData: (share: Record<string, unknown>) => {
        record.timeline = data(share);
      },
    };
  }, refuse);
}

const wxState = (page: Page) => page.evaluate(() => (window as unknown as { __wx: WxDouble }).__wx);

describe("sharing in WeChat and opening the app", () => {
  let product: WechatProduct;
  let browser: Browser;
  let links: Map<string, string>;

  beforeAll(async () => {
    product = await startWechatProduct();
    browser = await connectBrowser();
    const cards = await demoCards(product.origin);
    links = new Map(cards.map((card) => [card.content_type, product.origin + card.content_link]));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  const outcomes = async () =>
    (
      await fetch(`${product.origin}/editor/v1/open-app/outcomes`, {
        headers: await editorHeaders(product.origin, product.editorAccount),
      }).then((r) => r.json())
    ).data.list as { step: string; outcome: string; in_wechat: boolean; count: number }[];
  const counted = async (step: string, outcome: string) =>
    (await outcomes())
      .filter((row) => row.step === step && row.outcome === outcome)
      .reduce((n, row) => n + row.count, 0);

  async function wechatPage(type: string): Promise<{ page: Page; context: BrowserContext }> {
    const context = await phoneContext(browser);
    await injectWx(context);
    const page = await context.newPage();
    await page.goto(links.get(type) ?? "");
    await hydrated(page);
    return { page, context };
  }

  it("R-WX-1 R-SHARE-2 R-API-WXCONFIG in WeChat wx.config gets the landing URL's signature, and the share data is the item's", async () => {
    const { page, context } = await wechatPage("article");
    await expect.poll(async () => (await wxState(page)).appMessage, { timeout: 10_000 }).toBeDefined();
    const { config, appMessage, timeline } = await wxState(page);
    const landing = page.url().split("#")[0] ?? "";
    expect(config?.appId).toBe("wx0123456789abcdef");
    expect(config?.signature).toBe(
      jsapiSignature({
        jsapiTicket: product.fake.currentTicket ?? "",
        nonceStr: String(config?.nonceStr),
        timestamp: Number(config?.timestamp),
        url: landing,
      }),
    );
    expect(config?.jsApiList).toEqual(
      expect.arrayContaining(["updateAppMessageShareData", "updateTimelineShareData", "chooseImage"]),
    );
    expect(config?.openTagList).toEqual(["wx-open-launch-app", "wx-open-launch-weapp"]);
    const title = await page.locator("h1.article-title").textContent();
    const summary = await page.locator(".article-summary").textContent();
    expect(appMessage).toEqual({
      title,
      desc: summary,
      link: landing,
      imgUrl: expect.stringMatching(new RegExp(`^${product.origin}/media/.+\\.(jpg|png)$`)),
    });
    expect(timeline).toEqual({ title, link: landing, imgUrl: appMessage?.imgUrl });
    await context.close();
  });

  it("R-WX-2 R-SHARE-3 the banner's open button carries wx-open-launch-app with the item's deep link; launch:fail shows the guide", async () => {
    const { page, context } = await wechatPage("article");
    const tag = page.getByTestId("open-app-banner").locator("wx-open-launch-app");
    await tag.waitFor({ state: "attached", timeout: 10_000 });
    const deepLink = await page.locator('meta[name="davmu:deep-link"]').getAttribute("content");
    expect(deepLink).toBe(`jianglan://open?url=${encodeURIComponent(page.url())}`);
    expect(await tag.getAttribute("appid")).toBe(product.openAppId);
    expect(await tag.getAttribute("extinfo")).toBe(deepLink);
    expect(await tag.locator('script[type="text/wxtag-template"]').count()).toBe(1);
    const failedBefore = await counted("wechat_tag", "failed");
    await tag.evaluate((element) =>
      element.dispatchEvent(new CustomEvent("error", { detail: { errMsg: "launch:fail" } })),
    );
    const guide = page.getByTestId("open-app-guide");
    await guide.waitFor();
    expect(await guide.textContent()).toContain("点击右上角···");
    expect(await guide.textContent()).toContain("选择「在浏览器打开」");
    await expect.poll(() => page.getByTestId("open-app-guide-download").isEnabled()).toBe(true);
    // its white text on the theme colour reads (4.5:1), as every button of the site
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `wechat-share/wechat-guide`);
    await expect.poll(() => counted("wechat_tag", "failed")).toBe(failedBefore + 1);
    await context.close();
  });

  it("R-WX-2 a mini-program item's open button in the dialog is wx-open-launch-weapp", async () => {
    const { page, context } = await wechatPage("mini_program");
    await page
      .getByTestId("open-app-banner")
      .locator("wx-open-launch-app")
      .waitFor({ state: "attached", timeout: 10_000 });
    await page.locator(".mini-open-app").click();
    const weapp = page.getByTestId("open-app-dialog").locator("wx-open-launch-weapp");
    await weapp.waitFor({ state: "attached" });
    expect(await weapp.getAttribute("appid")).toBe("wx8a1c0e2f3b4d5e6f");
    expect(await weapp.getAttribute("path")).toBe("pages/index/index");
    await context.close();
  });

  it("R-WX-3 R-ERR-2 a refused wx.config is only logged: the page works, no tag is laid, and the open button leads to the guide", async () => {
    const context = await phoneContext(browser);
    await injectWx(context, true);
    const page = await context.newPage();
    const errors: string[] = [];
    const warnings: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.goto(links.get("article") ?? "");
    await hydrated(page);
    await expect
      .poll(() => warnings.some((w) => w.includes("WeChat JS-SDK config failed")), { timeout: 10_000 })
      .toBe(true);
    expect(await page.locator("wx-open-launch-app").count()).toBe(0);
    await page.getByTestId("open-app-banner").getByRole("button", { name: "打开App" }).click();
    await page.locator(".dialog-confirm").click();
    await page.getByTestId("open-app-guide").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  async function androidArticle(userAgent = androidChrome) {
    const context = await browser.newContext({
      viewport: { width: 375, height: 667 },
      isMobile: true,
      hasTouch: true,
      userAgent,
      locale: "zh-CN",
    });
    await context.route("https://download.jianglan.example/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: "<title>下载江澜新闻</title>" }),
    );
    const page = await context.newPage();
    await page.goto(links.get("article") ?? "");
    await hydrated(page);
    // none of WeChat's code is loaded outside WeChat
    expect(await page.evaluate(() => "wx" in window)).toBe(false);
    await page.getByTestId("open-app-banner").getByRole("button", { name: "打开App" }).click();
    await page.getByTestId("open-app-dialog").waitFor();
    return { page, context };
  }

  it("R-SHARE-3 R-SHARE-4 outside WeChat the chain tries the app, then falls back to the download page with a deferred-link code", async () => {
    const { page, context } = await androidArticle();
    const article = page.url();
    const before = await counted("intent", "fell_back");
    // every navigation the page asks for, the intent included (this Chromium hands it to no app)
    const cdp = await context.newCDPSession(page);
    await cdp.send("Page.enable");
    const asked: string[] = [];
    cdp.on("Page.frameRequestedNavigation", (event: { url: string }) => asked.push(event.url));
    await page.locator(".dialog-confirm").click();
    await expect
      .poll(() => page.url(), { timeout: 8000 })
      .toMatch(/^https:\/\/download\.jianglan\.example\/app\/jianglan-news\.apk\?dl_code=[2-9A-HJKMNP-Z]{8}$/);
    expect(page.url()).not.toBe(article);
    await expect.poll(() => counted("intent", "fell_back")).toBe(before + 1);
    // R-FIELD-1: the intent carried the same download page, code included, for Chrome to open itself
    const intent = asked.find((url) => url.startsWith("intent://"));
    expect(intent).toBeDefined();
    const fallback = intent?.match(/;S\.browser_fallback_url=([^;]+);/)?.[1];
    expect(decodeURIComponent(fallback ?? "")).toBe(page.url());
    await context.close();
  });

  it("R-FIELD-1 R-SHARE-3 a page left after the intent (Chrome opened its fallback) reports the fallback and the download page once, and the timer adds nothing", async () => {
    const { page, context } = await androidArticle();
    const article = page.url();
    const before = { fellBack: await counted("intent", "fell_back"), download: await counted("download", "tried") };
    const cdp = await context.newCDPSession(page);
    await cdp.send("Page.enable");
    const intentAsked = new Promise<void>((resolve) =>
      cdp.on("Page.frameRequestedNavigation", (event: { url: string }) => {
        if (event.url.startsWith("intent://")) resolve();
      }),
    );
    await page.locator(".dialog-confirm").click();
    await intentAsked;
    // what Chrome does on a phone without the app: it leaves the page for the fallback
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false })));
    await expect.poll(() => counted("intent", "fell_back")).toBe(before.fellBack + 1);
    await expect.poll(() => counted("download", "tried")).toBe(before.download + 1);
    await page.waitForTimeout(3000);
    expect(page.url()).toBe(article);
    expect(await counted("intent", "fell_back")).toBe(before.fellBack + 1);
    expect(await counted("download", "tried")).toBe(before.download + 1);
    await context.close();
  });

  it("R-FIELD-1 R-SHARE-3 R-SHARE-4 in a maker's browser (Xiaomi's), which drops intents, the scheme is tried and a reader without the app lands on the download page with a deferred-link code", async () => {
    const miui = corpus.agents.find((agent) => !agent.robot && /XiaoMi\/MiuiBrowser/.test(agent.ua))?.ua ?? "";
    const { page, context } = await androidArticle(miui);
    const tried = { scheme: await counted("scheme", "fell_back"), intent: await counted("intent", "tried") };
    await page.locator(".dialog-confirm").click();
    await expect
      .poll(() => page.url(), { timeout: 8000 })
      .toMatch(/^https:\/\/download\.jianglan\.example\/app\/jianglan-news\.apk\?dl_code=[2-9A-HJKMNP-Z]{8}$/);
    await expect.poll(() => counted("scheme", "fell_back")).toBe(tried.scheme + 1);
    expect(await counted("intent", "tried")).toBe(tried.intent);
    await context.close();
  });

  it("R-SHARE-3 outside WeChat a page hidden meanwhile (the app opened) does not fall back", async () => {
    const { page, context } = await androidArticle();
    const article = page.url();
    const opened = await counted("intent", "opened");
    await page.locator(".dialog-confirm").click();
    await page.waitForTimeout(400);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.waitForTimeout(3200);
    expect(page.url()).toBe(article);
    await expect.poll(() => counted("intent", "opened")).toBe(opened + 1);
    await context.close();
  });

  it("R-SITE-6 /pc draws the framed page's QR code as server-rendered SVG, without scripts", async () => {
    const path = new URL(links.get("article") ?? "").pathname.replace("/davmu/share", "");
    const url = `${product.origin}/davmu/share/pc?url=${encodeURIComponent(path)}`;
    for (const [name, context] of [
      ["pc-qr-desktop", await desktopContext(browser)],
      ["pc-qr-phone", await browser.newContext({ viewport: { width: 375, height: 667 }, javaScriptEnabled: false })],
    ] as const) {
      const page = await context.newPage();
      await page.goto(url);
      const qr = page.getByTestId("pc-qr");
      const phone = `${product.origin}/davmu/share${path}`;
      expect(await qr.getAttribute("title")).toBe(phone);
      const expected = await QRCode.toString(phone, {
        type: "svg",
        errorCorrectionLevel: "M",
        margin: 2,
        color: { dark: "#111111ff", light: "#ffffffff" },
      });
      // the same modules the encoder draws for that URL (the browser writes <path/> as <path></path>)
      expect((await qr.innerHTML()).trim()).toBe(expected.trim().replace(/\/>/g, "></path>"));
      await shot(page, `wechat-share/${name}`, { fullPage: name === "pc-qr-phone" });
      await context.close();
    }
  });
});
