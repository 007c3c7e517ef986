/**
 * Accounts, comments and interaction: logging in by code and by password, comments and replies,
 * favourites and follows, the login popup.
 */

import { phoneContext } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  awake,
  type DemoArticle,
  demoArticles,
  expectToast,
  loginWithCode,
  openLogin,
  popup,
  send,
} from "./accounts.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

describe("accounts, comments and interaction on a phone in WeChat", () => {
  let browser: Browser;
  let articles: DemoArticle[];

  beforeAll(async () => {
    browser = await connectBrowser();
    articles = await demoArticles();
  });
  afterAll(() => browser?.close());

  const withReplies = () => {
    const found = articles.find((a) => a.mp && a.open && a.threadsWithReplies > 0);
    if (!found) throw new Error("no open media-account article with replies in the demo data");
    return found;
  };

  // a visitor's whole journey, eight steps each with its own bound: the test's own bound leaves them room
  // to say which step failed on a busy machine
  it("R-UI-LOGIN R-LOGIN-9 R-UI-COMMENTS R-UI-FOOTER R-CONTENT-3 R-CONTENT-4 R-CONTENT-7 R-LOGIN-12 R-UI-ACCOUNT log in by code, comment, reply, expand replies, favourite, follow, log out", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(withReplies().url);

    // R-LOGIN-1..9: log in with the code read from the SMS outbox
    await loginWithCode(page, "13800138001");
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user_id")])).toEqual([
      expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      expect.stringMatching(/^[A-Za-z0-9_-]+$/),
    ]);

    // a comment goes to the top of the list
    const text = `口袋公园越来越多了，点赞！${Date.now()}`;
    await send(page, text);
    await expectToast(page, "评论成功");
    await expect.poll(() => page.locator(".comment-list > .comment .comment-text").first().textContent()).toBe(text);
    expect(await page.locator(".cf-input").inputValue()).toBe("");

    // expand a thread's replies
    const thread = page
      .locator(".comment-list > .comment")
      .filter({ has: page.locator(".replies-toggle") })
      .first();
    const toggle = thread.locator(".replies-toggle");
    const label = (await toggle.textContent()) ?? "";
    const count = Number(label.match(/^展开(\d+)条回复$/)?.[1]);
    expect(count).toBeGreaterThan(0);
    // a media-account post's replies come from spec §7's guzzle variant
    const replyCalls: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && /\/comment\/[^/?]+\/[^/?]+\?/.test(r.url()))
        replyCalls.push(new URL(r.url()).pathname);
    });
    await toggle.click();
    // the replies shown, then how they came (a bounded wait that says what it saw, not a bare wait for a request)
    await expect
      .poll(async () => ({ shown: await thread.locator("[data-testid=reply]").count(), calls: replyCalls.length }), {
        // the tap wakes the list's island first; a saturated two-core machine has taken over 10 s
        timeout: 20_000,
      })
      .toEqual({ shown: count, calls: 1 });
    expect(replyCalls[0]).toMatch(/^\/guzzle\/v1\/comment\/[^/]+\/[^/]+$/);
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");

    // reply to the thread: reply mode, then the reply under its parent
    const alias = (await thread.locator(".comment-alias").first().textContent()) ?? "";
    await thread.locator(".comment-reply").first().click();
    expect(await page.locator(".cf-input").getAttribute("placeholder")).toBe(`回复 @${alias}：`);
    const replyText = `同感，周末也去看看 ${Date.now()}`;
    await page.locator(".cf-input").fill(replyText);
    await page.getByRole("button", { name: "发送" }).click();
    await expectToast(page, "评论成功");
    await expect
      .poll(() => thread.locator("[data-testid=reply] .comment-text").last().textContent())
      .toContain(replyText);
    expect(await page.locator(".cf-input").getAttribute("placeholder")).toBe("写评论…");

    // favourite: open-app prompt, then 收藏成功; the state survives a reload; then unfavourite
    const collect = page.getByRole("button", { name: "收藏" });
    await collect.click();
    await page.getByTestId("open-app-dialog").waitFor();
    await expectToast(page, "收藏成功");
    await page.getByRole("button", { name: "再考虑下" }).click();
    expect(await collect.getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    await page.locator(".banner-avatar").waitFor();
    await expect.poll(() => page.getByRole("button", { name: "收藏" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "收藏" }).click();
    await expectToast(page, "已取消收藏");
    expect(await page.getByRole("button", { name: "收藏" }).getAttribute("aria-pressed")).toBe("false");

    // the new comment and reply are still there after the reload
    expect(await page.locator(".comment-list .comment-text").allTextContents()).toContain(text);

    // follow the media account, then unfollow
    await page.getByRole("button", { name: "关注", exact: true }).click();
    await expectToast(page, "关注成功");
    await page.getByRole("button", { name: "已关注" }).click();
    await expectToast(page, "已取消关注");
    await page.getByRole("button", { name: "关注", exact: true }).waitFor();

    // log out from the account sheet
    await page.locator(".banner-avatar").click();
    const sheet = page.getByTestId("account-sheet");
    expect(await sheet.locator(".account-phone").textContent()).toBe("手机号 138****8001");
    await sheet.getByRole("button", { name: "退出登录" }).click();
    await expectToast(page, "已退出登录");
    await page.getByTestId("open-app-banner").getByRole("button", { name: "登录" }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user_id")])).toEqual([
      null,
      null,
    ]);
    expect(violations).toEqual([]);
    await context.close();
  }, 60_000);

  it("R-UI-COMMENTS R-WEB-ISLAND-2 a comment sent before the list has woken: the list hydrates as the server drew it, then shows the comment, and every thread's toggle opens its own replies", async () => {
    // the service worker would fetch the list's code itself, out of the route's reach
    const context = await phoneContext(browser, { serviceWorkers: "block" });
    const page = await context.newPage();
    // a busy phone: the list's code arrives late, after the visitor has logged in and sent a comment
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/CommentList-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(withReplies().url);
    const thread = page
      .locator(".comment-list > .comment")
      .filter({ has: page.locator(".replies-toggle") })
      .first();
    const before = (await thread.locator(".comment-text").first().textContent()) ?? "";
    const label = (await thread.locator(".replies-toggle").textContent()) ?? "";
    const count = Number(label.match(/^展开(\d+)条回复$/)?.[1]);
    expect(count).toBeGreaterThan(0);
    await loginWithCode(page, "13800138005");
    const text = `在列表醒来之前发的评论${Date.now()}`;
    await send(page, text);
    await expectToast(page, "评论成功");
    expect(await page.locator('davmu-island[data-island="comment-list"][data-awake]').count()).toBe(0);
    release();
    await awake(page, "comment-list");
    // the sent comment on top, then the threads as they were, each with its own text and toggle
    await expect.poll(() => page.locator(".comment-list > .comment .comment-text").first().textContent()).toBe(text);
    const same = page
      .locator(".comment-list > .comment")
      .filter({ has: page.locator(".comment-text", { hasText: before }) })
      .first();
    expect(await same.locator(".replies-toggle").textContent()).toBe(label);
    const replyCalls: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && /\/comment\/[^/?]+\/[^/?]+\?/.test(r.url())) replyCalls.push(r.url());
    });
    await same.locator(".replies-toggle").click();
    await expect
      .poll(async () => ({ shown: await same.locator("[data-testid=reply]").count(), calls: replyCalls.length }), {
        timeout: 10_000,
      })
      .toEqual({ shown: count, calls: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("R-LOGIN-7 R-LOGIN-2 logging in without ticking the agreement is refused with its message; ticked, the password logs in", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(withReplies().url);
    await openLogin(page);
    const login = popup(page).getByRole("button", { name: "登录", exact: true });
    expect(await login.isDisabled()).toBe(true);
    await popup(page).getByRole("button", { name: "密码登录" }).click();
    await popup(page).getByLabel("手机号").fill("138001380009");
    expect(await popup(page).getByLabel("手机号").inputValue()).toBe("138 0013 8000");
    expect(await login.isDisabled()).toBe(true);
    await popup(page).getByLabel("密码").fill("jianglan123");
    expect(await login.isDisabled()).toBe(false);
    await login.click();
    await expectToast(page, "请勾选阅读并同意《用户协议》《隐私政策》");
    expect(await popup(page).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await popup(page).getByRole("checkbox").check();
    await login.click();
    await expectToast(page, "登录成功～");
    expect(await page.locator(".banner-avatar").getAttribute("aria-label")).toBe("我的账号：江澜小编");
    // R-LOGIN-10: a saved token brings the user back on the next page load
    await page.reload();
    await page.locator(".banner-avatar").waitFor();
    await context.close();
  });

  it("R-LOGIN-1 R-LOGIN-9 a wrong password shows the server's message; reopening starts with empty fields", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(withReplies().url);
    await openLogin(page);
    await popup(page).getByRole("button", { name: "密码登录" }).click();
    await popup(page).getByLabel("手机号").fill("13800138000");
    await popup(page).getByLabel("密码").fill("wrong-password");
    await popup(page).getByRole("checkbox").check();
    await popup(page).getByRole("button", { name: "登录", exact: true }).click();
    await expectToast(page, "手机号或密码错误");
    await popup(page).getByRole("button", { name: "关闭" }).click();
    expect(await popup(page).count()).toBe(0);
    await openLogin(page);
    expect(await popup(page).getByLabel("手机号").inputValue()).toBe("");
    expect(await popup(page).getByRole("checkbox").isChecked()).toBe(false);
    expect(await popup(page).getByRole("button", { name: "验证码登录" }).getAttribute("aria-pressed")).toBe("true");
    await context.close();
  });

  it("R-CONTENT-5 sending an empty comment toasts 评论内容不能为空", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(withReplies().url);
    await page.getByTestId("open-app-banner").waitFor();
    await send(page, "   ");
    await expectToast(page, "评论内容不能为空");
    await context.close();
  });

  it("R-CONTENT-5 on an article with comments closed the footer reads 评论已关闭 and tapping it says so", async () => {
    const closed = articles.find((a) => !a.open);
    if (!closed) throw new Error("no article with comments closed in the demo data");
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(closed.url);
    await page.getByTestId("open-app-banner").waitFor();
    expect(await page.locator(".cf-input").count()).toBe(0);
    await page.getByRole("button", { name: "评论已关闭" }).click();
    await expectToast(page, "评论已关闭");
    await context.close();
  });

  it("R-LOGIN-13 a logged-out visitor who taps collect is asked to log in", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(withReplies().url);
    await page.getByTestId("open-app-banner").waitFor();
    await page.getByRole("button", { name: "收藏" }).click();
    await popup(page).getByRole("dialog", { name: /^登录/ }).waitFor();
    await popup(page).getByRole("button", { name: "关闭" }).click();
    await page.getByRole("button", { name: "关注", exact: true }).click();
    await popup(page).getByRole("dialog").waitFor();
    await context.close();
  });

  it("R-CONTENT-6 liking a post asks to open the client: the open-app dialog shows", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(withReplies().url);
    await page.getByTestId("open-app-banner").waitFor();
    await page.locator("button.cf-icon[aria-label^='点赞']").click();
    await page.getByRole("dialog").filter({ hasText: "体验更多内容" }).waitFor();
    await context.close();
  });

  it("R-LOGIN-13 a token revoked elsewhere ends the session at the next action and asks to log in again", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(withReplies().url);
    await page.getByTestId("open-app-banner").waitFor();
    await loginWithCode(page, "13900002222");
    // the same token logged out from another place
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const out = await fetch(`${origin}/peony/v1/account/logout`, {
      method: "POST",
      headers: { authorization: token ?? "", "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    await page.getByRole("button", { name: "收藏" }).click();
    await expectToast(page, "登录已过期，请重新登录");
    await popup(page).getByRole("dialog").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    expect(await page.locator(".banner-avatar").count()).toBe(0);
    await context.close();
  });

  it("R-WEB-A11Y the login popup is a labelled modal dialog that keeps focus inside; Escape closes it", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(withReplies().url);
    await openLogin(page);
    const dialog = popup(page).getByRole("dialog");
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(await page.getByRole("dialog", { name: "登录江澜新闻" }).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("手机号");
    const inside = () =>
      page.evaluate(
        () => !!document.activeElement?.closest('[role="dialog"]') && document.activeElement !== document.body,
      );
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press("Escape");
    expect(await popup(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("登录");
    await context.close();
  });

  it("R-UI-COMMENTS R-WEB-SSR comments read with JavaScript off", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(withReplies().url);
    expect(await page.locator("#comments-title").textContent()).toMatch(/^评论 \d+$/);
    expect(await page.locator(".comment-list > .comment").count()).toBeGreaterThan(0);
    expect(await page.locator(".comment-ip").first().textContent()).toMatch(/^IP属地：/);
    await context.close();
  });
});
