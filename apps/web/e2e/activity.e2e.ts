import { demoCards, hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInThroughPopup } from "./accounts.ts";
import { axeViolations } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

/** The demo activities: on demo articles 07 (open) and 09 (closed), found by their titles' activity answers. */
async function demoActivities(): Promise<{ open: string; closed: string }> {
  const auth = await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  }).then((r) => r.json());
  const found: Record<string, string> = {};
  for (const card of await demoCards(origin)) {
    const answer = await fetch(`${origin}/peony/v1/activity/${card.post_id}`, {
      headers: { authorization: auth.data.token },
    }).then((r) => r.json());
    if (answer.code === 0) found[answer.data.state] = card.post_id;
  }
  if (!found.open || !found.closed) throw new Error("the demo has no open and closed activity");
  return { open: found.open, closed: found.closed };
}

describe("activity pages", () => {
  let browser: Browser;
  let ids: { open: string; closed: string };
  beforeAll(async () => {
    browser = await connectBrowser();
    ids = await demoActivities();
  });
  afterAll(() => browser?.close());

  it("R-ACT-1 an open activity shows its facts; a reader logs in and signs up once", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const response = await page.goto(`${origin}/davmu/share/activity/${ids.open}/index.html`);
    expect(response?.status()).toBe(200);
    expect(await page.locator(".activity-facts").textContent()).toContain("江澜湿地公园东门游客中心");
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `activity/activity-open`);
    await page.getByRole("button", { name: "立即报名" }).click();
    const tel = "13900004141";
    await logInThroughPopup(page, tel);
    await page.getByRole("button", { name: "立即报名" }).click();
    await expect.poll(() => page.locator(".activity-signup").textContent(), { timeout: 8000 }).toBe("已报名");
    expect(await page.locator(".activity-signup").isDisabled()).toBe(true);
    await page.reload();
    await hydrated(page);
    // the page is rendered for everyone; the signed-up state comes with the visitor's own answer
    await expect.poll(() => page.locator(".activity-signup").textContent(), { timeout: 8000 }).toBe("已报名");
    await shot(page, `activity/activity-signed-up`);
    await context.close();
  });

  it("R-ACT-1 a closed activity cannot be signed up for; a missing one goes to /404", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${origin}/davmu/share/activity/${ids.closed}/index.html`);
    const button = page.locator(".activity-signup");
    expect(await button.textContent()).toBe("报名已截止");
    expect(await button.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `activity/activity-closed`);
    const missing = await fetch(`${origin}/davmu/share/activity/notAnId/index.html`, { redirect: "manual" });
    expect(missing.headers.get("location")).toBe("/davmu/share/404");
    await context.close();
  });
});
