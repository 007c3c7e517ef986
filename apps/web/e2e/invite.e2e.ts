import { hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLoginPopup, popup } from "./accounts.ts";
import { axeViolations } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const demoCode = "JLXW2026";

async function invitedCount(): Promise<number> {
  const auth = await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  }).then((r) => r.json());
  const card = await fetch(`${origin}/peony/v1/invite/card/${demoCode}`, {
    headers: { authorization: auth.data.token },
  }).then((r) => r.json());
  return card.data.invited_count;
}

describe("invitation pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("R-INVITE-1 /invite/{code} shows who invites and what the reader gets; accepting logs in by phone and enters the code", async () => {
    const before = await invitedCount();
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const response = await page.goto(`${origin}/davmu/share/invite/${demoCode}/index.html`);
    expect(response?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("江澜小编 邀请您加入江澜新闻");
    expect(await page.locator(".invite-code strong").textContent()).toBe(demoCode);
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `invite/invite`);

    const tel = "13900003131";
    await page.getByRole("button", { name: "接受邀请" }).click();
    await popup(page).getByRole("dialog").waitFor({ timeout: 5000 });
    await fillLoginPopup(page, tel);
    await expect.poll(() => page.getByRole("status").first().textContent(), { timeout: 8000 }).toContain("已接受邀请");
    expect(await invitedCount()).toBe(before + 1);
    await shot(page, `invite/invite-accepted`);
    await context.close();
  });

  it("R-INVITE-1 unknown and malformed codes get a clear page with status 404", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    for (const code of ["ZZZZ9999", "abc", "%3Cscript%3E"]) {
      const response = await page.goto(`${origin}/davmu/share/invite/${code}/index.html`);
      expect(response?.status(), code).toBe(404);
      expect(await page.locator("h1").textContent()).toBe("邀请码不存在");
    }
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `invite/invite-unknown`);
    await context.close();
  });
});
