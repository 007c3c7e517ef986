import { demoCards, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoArticles, expectToast, loginThroughApi, loginWithCode, send } from "./accounts.ts";
import { consoleUrl, desktop, invite, loginWithPassword, origin } from "./console-support.ts";
import { axeViolations } from "./content-pages.ts";
import { editorHeaders } from "./editor-session.ts";
import { connectBrowser, site } from "./setup/site.ts";

const stamp = Date.now().toString(36);

describe("the console's author panel and ban", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("R-CONSOLE-4 R-MOD-2 a moderator opens a held comment's author with u, bans them (the share site then refuses their comment with a clear message), and lifts the ban", async () => {
    const marker = `封禁作者${stamp}`;
    const article = (await demoArticles()).find((a) => a.open);
    if (!article) throw new Error("no open article in the demo data");
    const readerContext = await phoneContext(browser);
    const reader = await readerContext.newPage();
    await reader.goto(article.url);
    await loginWithCode(reader, `1370013${String(Date.now() % 10000).padStart(4, "0")}`);
    await send(reader, `${marker} 详情见 www.jianglan-e2e.com`);
    await expectToast(reader, "评论已提交，审核通过后展示");

    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, site.editorAccount);
    await page.locator(".sidebar").waitFor();
    await page.goto(`${consoleUrl}/moderation`);
    const row = page.locator("tbody tr", { hasText: marker });
    await row.waitFor();
    await row.locator(".comment-text").click();
    await page.keyboard.press("u");
    const panel = page.locator(".side-panel");
    await panel.getByText(marker).waitFor();
    expect(await panel.getByText("正常").count()).toBe(1);
    expect(await panel.locator(".history li").first().textContent()).toContain("评论");
    await shot(page, `console/moderation-author-1280-light`);
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByLabel("封禁原因（可选）").fill("发广告");
    await panel.getByRole("button", { name: "封禁用户" }).click();
    await panel.getByRole("status").filter({ hasText: "已封禁" }).waitFor();
    await panel.getByText("已被 测试管理员 封禁", { exact: false }).waitFor();
    await shot(page, `console/moderation-author-banned-1280-light`);

    // the banned reader's next comment is refused with the API's words
    await send(reader, `${marker} 再发一条`);
    await expectToast(reader, "你已被管理员禁止发表评论");
    expect(await reader.locator(".cf-input").inputValue()).toBe(`${marker} 再发一条`);

    // the panel follows the cursor and closes with Escape; the ban is lifted from it too
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.count()).toBe(0);
    await row.getByRole("button").click();
    await panel.getByRole("button", { name: "解除封禁" }).click();
    await panel.getByText("正常").waitFor();
    // accepted again: the box empties (a refused text stays in it)
    await send(reader, `${marker} 解封之后`);
    await expect.poll(() => reader.locator(".cf-input").inputValue()).toBe("");
    await readerContext.close();

    // at 375 px the panel covers the queue and still passes axe
    await page.setViewportSize({ width: 375, height: 667 });
    await page.waitForTimeout(400); // the sidebar's slide out ends
    await shot(page, `console/moderation-author-375-light`);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 90_000);

  it("R-CONSOLE-4 R-MOD-2 R-LIVE-1 the all queue shows live chat beside comments: a held message approved with a, a shown one deleted with d, and the room's chat follows", async () => {
    const cards = await demoCards(origin);
    const room = cards.find(
      (card) =>
        (card.content_type === "live" || card.content_type === "local_live") && card.title.includes("马拉松全程直播"),
    );
    if (!room) throw new Error("no demo marathon room");
    const reader = await loginThroughApi(`1360013${String(Date.now() % 10000).padStart(4, "0")}`);
    const sendChat = async (content: string) => {
      const answer = await fetch(`${origin}/peony/v3/live/chat/${room.post_id}/send_msg`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: reader.token },
        body: JSON.stringify({ content }),
      }).then((r) => r.json());
      if (answer.code !== 0) throw new Error(JSON.stringify(answer));
      return answer.data.id as string;
    };
    const held = `全部队列待审${stamp} www.jianglan-e2e.com`;
    const shown = `全部队列删除${stamp}`;
    const heldId = await sendChat(held);
    const shownId = await sendChat(shown);

    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, site.editorAccount);
    await page.locator(".sidebar").waitFor();
    await page.goto(`${consoleUrl}/moderation`);
    await page.getByRole("tab", { name: /全部/ }).click();
    const heldRow = page.locator("tbody tr", { hasText: held });
    const shownRow = page.locator("tbody tr", { hasText: shown });
    await heldRow.waitFor();
    expect(await heldRow.getByText("直播聊天").count()).toBe(1);
    expect(await heldRow.getByText("待审核").count()).toBe(1);
    await shot(page, `console/moderation-all-1280-light`);
    expect(await axeViolations(page)).toEqual([]);

    await heldRow.locator(".comment-text").click();
    await page.keyboard.press("a");
    await page.getByRole("status").filter({ hasText: "已处理 1 条" }).waitFor();
    await expect.poll(() => heldRow.getByText("待审核").count()).toBe(0);
    await shownRow.locator(".comment-text").click();
    await page.keyboard.press("d");
    await expect.poll(() => shownRow.count()).toBe(0);

    const history = await fetch(`${origin}/peony/v3/live/chat/${room.post_id}?limit=50`).then((r) => r.json());
    const ids = (history.data.messages as { id: string }[]).map((m) => m.id);
    expect(ids).toContain(heldId);
    expect(ids).not.toContain(shownId);

    await page.setViewportSize({ width: 375, height: 667 });
    await page.waitForTimeout(400);
    await shot(page, `console/moderation-all-375-light`);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it("R-CONSOLE-4 R-CONSOLE-2 R-LIVE-1 a moderator's live chat screen pins a message (the room's page shows it pinned), mutes its author (their next message is refused with a clear message) and unmutes them", async () => {
    const cards = await demoCards(origin);
    const room = cards.find(
      (card) =>
        (card.content_type === "live" || card.content_type === "local_live") && card.title.includes("马拉松全程直播"),
    );
    if (!room) throw new Error("no demo marathon room");
    const reader = await loginThroughApi(`1350013${String(Date.now() % 10000).padStart(4, "0")}`);
    const sendChat = (content: string) =>
      fetch(`${origin}/peony/v3/live/chat/${room.post_id}/send_msg`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: reader.token },
        body: JSON.stringify({ content }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const text = `置顶公告${stamp}：终点在江澜广场`;
    expect((await sendChat(text)).status).toBe(200);

    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, await invite("moderator", "直播审核员小何", false));
    await page.locator(".sidebar").waitFor();
    // live chat is a moderator's duty: its screen is in the sidebar, the live rooms' status is not
    const nav = await page.locator(".sidebar .nav-link").allTextContents();
    expect(nav).toContain("直播聊天");
    expect(nav).not.toContain("直播间");
    await page.locator(".sidebar").getByRole("link", { name: "直播聊天" }).click();
    await page.getByLabel("直播间 ID").fill(room.post_id);
    await page.getByRole("button", { name: "读取聊天" }).click();
    await page.waitForURL(
      (url) => url.pathname.endsWith("/live-chat") && url.searchParams.get("room") === room.post_id,
    );
    const row = page.locator("tbody tr", { hasText: text });
    await row.waitFor();
    await row.getByRole("button", { name: "置顶" }).click();
    await page.getByRole("status").filter({ hasText: "已置顶该消息" }).waitFor();
    await row.getByText("已置顶").waitFor();

    // the room's page shows the pinned message above its chat
    const viewer = await (await phoneContext(browser)).newPage();
    await viewer.goto(new URL(room.content_link, origin).href);
    await expect.poll(() => viewer.getByTestId("live-pinned").textContent(), { timeout: 10_000 }).toContain(text);
    await shot(viewer, `console/live-pinned-375`);
    await viewer.context().close();

    await row.getByRole("button", { name: "禁言" }).click();
    await page.getByRole("status").filter({ hasText: "已在本直播间禁言" }).waitFor();
    const refused = await sendChat(`禁言后${stamp}`);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe("你已被禁止在本直播间发言");
    await shot(page, `console/live-chat-moderator-1280-light`, { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.locator(".muted-users li").first().getByRole("button", { name: "解除禁言" }).click();
    await page.getByRole("status").filter({ hasText: "已解除对" }).waitFor();
    expect((await sendChat(`解除禁言后${stamp}`)).status).toBe(200);
    await row.getByRole("button", { name: "取消置顶" }).click();
    await page.getByRole("status").filter({ hasText: "已取消置顶" }).waitFor();

    await page.setViewportSize({ width: 375, height: 667 });
    await page.waitForTimeout(400);
    await shot(page, `console/live-chat-moderator-375-light`, { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // the room's status stays an editor's
    await page.goto(`${consoleUrl}/live`);
    await page.getByRole("heading", { name: "当前角色无权访问此页面" }).waitFor();
    await context.close();
  }, 60_000);

  it("R-CONSOLE-4 an admin sets the site's name, description and logo on the settings screen; a bad logo address is refused with a clear message", async () => {
    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, site.editorAccount);
    await page.locator(".sidebar").waitFor();
    await page.goto(`${consoleUrl}/settings`);
    const name = page.getByLabel("站点名称");
    await name.waitFor();
    const before = {
      site_name: await name.inputValue(),
      descriptions: await page.getByLabel("站点简介").inputValue(),
      site_logo: await page.getByLabel("Logo 地址").inputValue(),
    };
    const section = page.locator("section", { has: page.getByRole("heading", { name: "站点信息" }) });
    try {
      await name.fill(`江澜新闻测试${stamp}`);
      await page.getByLabel("站点简介").fill("控制台设置的简介");
      await page.getByLabel("Logo 地址").fill("https://cdn.example.com/e2e-logo.png");
      await section.getByRole("button", { name: "保存" }).click();
      await section.getByRole("status").filter({ hasText: "已保存" }).waitFor();
      await shot(page, `console/settings-site-1280-light`);
      expect(await axeViolations(page)).toEqual([]);
      await page.reload();
      await expect.poll(() => page.getByLabel("站点名称").inputValue()).toBe(`江澜新闻测试${stamp}`);
      // an http address is refused before it is sent, in words
      await page.getByLabel("Logo 地址").fill("http://cdn.example.com/logo.png");
      await section.getByRole("button", { name: "保存" }).click();
      await section.getByRole("alert").filter({ hasText: "Logo 地址须以 https:// 或 / 开头" }).waitFor();
      await page.setViewportSize({ width: 375, height: 667 });
      await page.waitForTimeout(400);
      await shot(page, `console/settings-site-375-light`);
    } finally {
      // the server's other browser files read the site's name as it was
      const restored = await fetch(`${origin}/editor/v1/site`, {
        method: "PUT",
        headers: { "content-type": "application/json", ...(await editorHeaders(origin)) },
        body: JSON.stringify(before),
      });
      expect(restored.status).toBe(200);
      await context.close();
    }
  }, 60_000);

  it("R-CONSOLE-4 R-PREVIEW-1 the previews screen lists every editor's working links and revokes one item's", async () => {
    const cards = await demoCards(origin);
    const article = cards.find((card) => card.content_type === "article");
    if (!article) throw new Error("no demo article");
    const minted = await fetch(`${origin}/editor/v1/preview/${article.post_id}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await editorHeaders(origin)) },
      body: JSON.stringify({ editor: `api_${stamp}`, minutes: 45 }),
    });
    expect(minted.status).toBe(200);

    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, site.editorAccount);
    await page.locator(".sidebar").waitFor();
    await page.goto(`${consoleUrl}/previews`);
    const section = page.locator("section", { has: page.getByRole("heading", { name: "所有编辑的有效链接" }) });
    const row = section.locator("tbody tr", { hasText: `api_${stamp}` });
    await row.waitFor();
    expect(await row.textContent()).toContain(article.post_id);
    await shot(page, `console/previews-all-1280-light`, { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole("button", { name: "撤销" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "撤销" }).click();
    await page.getByRole("status").filter({ hasText: "已撤销" }).waitFor();
    await expect.poll(() => section.locator(`tr[data-post="${article.post_id}"]`).count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.waitForTimeout(400);
    await shot(page, `console/previews-all-375-light`, { fullPage: true });
    await context.close();
  }, 60_000);
});

describe("one's own password in the console", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("R-CONSOLE-1 R-CONSOLE-4 an invited editor replaces the one-time password on the security screen: a wrong current one or a mistyped repeat is refused on the page, then the old password no longer logs in and the new one does", async () => {
    const account = await invite("editor", "改密编辑", false, { oneTime: true });
    const next = `江澜新闻-${stamp}-新密码`;
    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, account);
    // a one-time password opens the security screen alone until it is replaced
    await page.waitForURL(/\/editor\/console\/security$/);
    await page.getByText("你正在使用管理员发给你的初始密码").waitFor();
    expect(await page.locator(".sidebar .nav-link").allTextContents()).toEqual(["账号安全"]);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "console/security-one-time-1280-light");
    const fill = async (current: string, repeat: string) => {
      await page.locator('input[name="current-password"]').fill(current);
      await page.locator('input[name="new-password"]').fill(next);
      await page.locator('input[name="new-password-again"]').fill(repeat);
      await page.getByRole("button", { name: "修改密码" }).click();
    };
    await fill(account.password, `${next}!`);
    await page.getByText("两次输入的新密码不一致").waitFor();
    await fill(`${account.password}x`, next);
    await page.getByText("当前密码错误").waitFor();
    await fill(account.password, next);
    await page.getByText("密码已修改，其他会话已退出").waitFor();
    expect(await page.locator('input[name="current-password"]').inputValue()).toBe("");
    // the account is the editor's own now: the rest of the console opens
    await expect.poll(() => page.locator(".sidebar .nav-link").count()).toBeGreaterThan(1);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "console/security-password-1280-light");
    await context.close();

    const later = await desktop(browser);
    const again = await later.newPage();
    await loginWithPassword(again, account);
    await again.getByText("邮箱或密码错误").waitFor();
    await loginWithPassword(again, { ...account, password: next });
    await again.locator(".sidebar").waitFor();
    await later.close();
  });
});
