import { demoCards, hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

import { editorHeaders } from "./editor-session.ts";

const draftTitle = "【草稿】预览测试：江澜湿地新增观鸟栈道";

interface Link {
  url: string;
  token: string;
  actor: string;
  expired_at: string;
}

async function mint(postId: string, body: Record<string, unknown>): Promise<Link> {
  const answer = await fetch(`${origin}/editor/v1/preview/${postId}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(await editorHeaders(origin)) },
    body: JSON.stringify(body),
  }).then((r) => r.json());
  if (answer.code !== 0) throw new Error(`minting failed: ${JSON.stringify(answer)}`);
  return answer.data as Link;
}

/** Requests the page sends to the tracker, counted from when it starts. */
function trackerRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/tracker/log")) seen.push(request.url());
  });
  return seen;
}

describe("editors' preview pages", () => {
  let browser: Browser;
  let postId: string;
  let link: Link;

  beforeAll(async () => {
    browser = await connectBrowser();
    const article = (await demoCards(origin)).find((card) => card.content_type === "article");
    if (!article) throw new Error("no demo article");
    postId = article.post_id;
    link = await mint(postId, { editor: "e2e", draft: { title: draftTitle } });
  });
  afterAll(() => browser?.close());

  it("R-ROUTE-5 R-UI-PREVIEWBAR R-PREVIEW-1 R-CONTENT-11 a preview link shows the draft with the countdown bar (expired_at − now, 30 minutes by default) instead of the header, a watermark, private and noindex", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const tracked = trackerRequests(page);
    const response = await page.goto(link.url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    await hydrated(page);
    expect(await page.locator("h1.article-title").textContent()).toBe(draftTitle);
    expect(await page.locator(".open-app-banner").count()).toBe(0);
    await expect.poll(() => page.locator(".preview-bar-time").textContent()).toMatch(/^(29|30):\d\d后失效$/);
    // the bar counts down to the link's expired_at: what it shows is expired_at − now, to the second
    const shown = (await page.locator(".preview-bar-time").textContent())?.match(/^(\d\d):(\d\d)/);
    const shownSeconds = Number(shown?.[1]) * 60 + Number(shown?.[2]);
    const expectedSeconds = (Date.parse(link.expired_at) - Date.now()) / 1000;
    expect(Math.abs(shownSeconds - expectedSeconds)).toBeLessThanOrEqual(3);
    expect(await page.locator(".preview-bar").textContent()).toContain("e2e");
    expect(await page.locator(".preview-watermark span").count()).toBeGreaterThan(10);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `preview/preview-article`);
    // no tracking from a preview: the tracker would have sent its view a second after load
    await page.waitForTimeout(2500);
    expect(tracked).toEqual([]);
    await context.close();
  });

  it("R-ROUTE-6 a preview without `_`, or with one older than 30 s, reloads itself with `_` set to now", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const before = Date.now();
    await page.goto(link.url);
    const first = Number(new URL(page.url()).searchParams.get("_"));
    expect(first).toBeGreaterThanOrEqual(before - 1000);
    const stale = new URL(link.url);
    stale.searchParams.set("_", String(Date.now() - 60_000));
    await page.goto(stale.toString());
    await expect.poll(() => Number(new URL(page.url()).searchParams.get("_"))).toBeGreaterThan(Date.now() - 10_000);
    // a fresh `_` is left alone
    const fresh = new URL(link.url);
    const stamp = String(Date.now());
    fresh.searchParams.set("_", stamp);
    await page.goto(fresh.toString());
    await hydrated(page);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).searchParams.get("_")).toBe(stamp);
    await context.close();
  });

  it("R-PREVIEW-1 a special's preview link shows its draft revision with the countdown bar, private and noindex; a stale link gets the expired page", async () => {
    const special = (await demoCards(origin)).find((card) => card.content_type === "special");
    if (!special) throw new Error("no demo special");
    const draft = "【草稿】专题预览：老城更新进行时";
    const first = await mint(special.post_id, { editor: "e2e" });
    const specialLink = await mint(special.post_id, { editor: "e2e", draft: { title: draft } });
    expect(specialLink.url).toContain("/davmu/share/preview-e2e/special/");
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const response = await page.goto(specialLink.url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    await hydrated(page);
    expect(await page.locator(".special-banner h1").textContent()).toBe(draft);
    expect(await page.locator(".open-app-banner").count()).toBe(0);
    await expect.poll(() => page.locator(".preview-bar-time").textContent()).toMatch(/^(29|30):\d\d后失效$/);
    expect(await page.getByTestId("special-group").count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `preview/preview-special`);
    // the link minted before the draft was saved is stale
    const stale = await page.goto(first.url);
    expect(stale?.status()).toBe(403);
    expect(await page.locator("h1").textContent()).toBe("预览链接已失效");
    await context.close();
  });

  it("R-ROUTE-4 R-ROUTE-5 a preview skips the id check: its grant opens the item by its internal number; without a grant for that item no id reaches /404 or the content", async () => {
    const own = await mint(postId, { editor: "e2e" });
    // the token's payload names the item by its internal number (decision 029)
    const internal = JSON.parse(Buffer.from(own.token.split(".")[0] ?? "", "base64url").toString("utf8"))[0];
    expect(Number.isSafeInteger(internal)).toBe(true);
    const at = (id: string, token = own.token) => {
      const url = new URL(own.url);
      url.pathname = url.pathname.replace(`/${postId}/`, `/${id}/`);
      url.searchParams.set("token", token);
      return url;
    };
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const byNumber = at(String(internal));
    const response = await page.goto(byNumber.toString());
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(byNumber.pathname);
    await hydrated(page);
    expect(await page.locator("h1.article-title").textContent()).toBe(draftTitle);
    // the same undecodable id under an ordinary actor goes to /404
    await page.goto(byNumber.toString().replace("/preview-e2e/", "/news/"));
    expect(new URL(page.url()).pathname).toBe("/davmu/share/404");
    const [payload = "", signature = ""] = own.token.split(".");
    const forged = `${payload}.${signature.startsWith("AAAA") ? "BBBB" : "AAAA"}${signature.slice(4)}`;
    for (const url of [
      at(String(internal), forged),
      at("99999999", forged),
      at("not-an-id", forged),
      at(postId, forged),
      at("99999999"),
      at("not-an-id"),
    ]) {
      const refused = await page.goto(url.toString());
      expect(refused?.status(), url.pathname).toBe(403);
      expect(new URL(page.url()).pathname).toBe("/davmu/share/preview_expired");
      expect(await page.locator("h1").textContent()).toBe("预览链接无效");
      expect(await page.content()).not.toContain(draftTitle);
    }
    await context.close();
  });

  it("R-PREVIEW-1 forged and revoked links get a clear expired page, never the content, and are not kept", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const forged = new URL(link.url);
    const [payload, signature = ""] = link.token.split(".");
    forged.searchParams.set(
      "token",
      `${payload}.${signature.startsWith("AAAA") ? "BBBB" : "AAAA"}${signature.slice(4)}`,
    );
    const response = await page.goto(forged.toString());
    expect(response?.status()).toBe(403);
    expect(new URL(page.url()).pathname).toBe("/davmu/share/preview_expired");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.locator("h1").textContent()).toBe("预览链接无效");
    expect(await page.content()).not.toContain(draftTitle);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `preview/preview-invalid`);

    const revoked = await fetch(`${origin}/editor/v1/preview/${postId}/revoke`, {
      method: "POST",
      headers: await editorHeaders(origin),
    });
    expect(revoked.status).toBe(200);
    const again = await page.goto(link.url);
    expect(again?.status()).toBe(403);
    expect(await page.locator("h1").textContent()).toBe("预览链接已失效");
    expect(await page.content()).not.toContain(draftTitle);
    await shot(page, `preview/preview-revoked`);
    await context.close();
  });
});
