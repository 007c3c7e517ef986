import { demoCards, desktopUserAgent, hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import jsQR from "jsqr";
import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  demoArticles,
  expectToast,
  logInThroughPopup,
  loginThroughApi,
  loginWithCode,
  postIdOf,
  send,
} from "./accounts.ts";
import { type Account, consoleUrl, desktop, invite, loginWithPassword, origin } from "./console-support.ts";
import { axeViolations } from "./content-pages.ts";
import { editorHeaders } from "./editor-session.ts";
import { connectBrowser, site } from "./setup/site.ts";

const admin = site.editorAccount;
const stamp = Date.now().toString(36);

const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/**
 * First login with the one-time password: the console sends a TOTP-required account to its security
 * screen, which shows the QR code and the secret; the code confirms it. Then a login asks for the code.
 */
async function enrolAndLogIn(page: Page, account: Account) {
  await loginWithPassword(page, account);
  await page.waitForURL(/\/editor\/console\/security$/);
  await page.getByText("管理员要求你的账号启用两步验证").waitFor();
  // a TOTP-required account sees no other screen until it is enrolled
  expect(await page.locator(".sidebar .nav-link").allTextContents()).toEqual(["账号安全"]);
  // the account's password again before its second factor changes
  await page.locator('input[name="totp-password"]').fill(account.password);
  await page.getByRole("button", { name: "开始绑定" }).click();
  await page.getByRole("img", { name: "两步验证" }).waitFor();
  const secret = (await page.locator("code.secret").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  account.secret = secret;
  await page.getByLabel("验证码").fill(codeOf(secret));
  await page.getByRole("button", { name: "确认" }).click();
  await page.getByText("两步验证已启用。").first().waitFor();
  await page.getByRole("button", { name: "退出" }).click();
  await page.waitForURL(/\/login\?out=1$/);
  await logInWithTotp(page, account);
}

async function logInWithTotp(page: Page, account: Account) {
  if (!account.secret) throw new Error("not enrolled");
  await loginWithPassword(page, account);
  await page.getByRole("heading", { name: "两步验证" }).waitFor();
  // the code of the next step: the one that confirmed enrolment is spent (a code works once)
  await page.getByLabel("验证码").fill(codeOf(account.secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "验证" }).click();
  await page.locator(".sidebar").waitFor();
}

let openArticleLink: Promise<string> | undefined;
/** A demo article open to comments, read from the content list once per file. */
function openArticle(): Promise<string> {
  openArticleLink ??= demoArticles().then((articles) => {
    const article = articles.find((a) => a.open);
    if (!article) throw new Error("no open article in the demo data");
    return article.url;
  });
  return openArticleLink;
}

/** A reader's comment held for review (it carries a link), sent from an article's page on a phone. */
async function heldComment(browser: Browser, marker: string): Promise<string> {
  const articleUrl = await openArticle();
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto(articleUrl);
  await loginWithCode(page, `1380013${String(Date.now() % 10000).padStart(4, "0")}`);
  await send(page, `${marker} 详情见 www.jianglan-e2e.com`);
  // the answer came (held for review): closing the page sooner can abort the request on a busy machine
  await expectToast(page, "评论已提交，审核通过后展示");
  await context.close();
  return articleUrl;
}

/**
 * A reader's comment held for review, sent through the API as the share page sends it: for the tests
 * where it is only what the console shows (the first test sends one from the page, as a reader does).
 */
async function heldCommentThroughApi(marker: string): Promise<void> {
  const id = postIdOf(await openArticle());
  const { token } = await loginThroughApi(`1380014${String(Date.now() % 10000).padStart(4, "0")}`);
  const answer = await fetch(`${origin}/peony/v1/comment/${id}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: token },
    body: JSON.stringify({ content: `${marker} 详情见 www.jianglan-e2e.com` }),
  }).then((r) => r.json());
  expect(answer).toMatchObject({ code: 0, msg: "评论已提交，审核通过后展示", data: { status: "pending" } });
}

const demoPictures = new URL("../../api/demo-media/tips/demo/", import.meta.url).pathname;

/** A reader's tip with a picture, sent from the tip page on a phone: its receipt code. */
async function sentTip(browser: Browser, text: string): Promise<string> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto(`${origin}/davmu/share/dejin/tip/index.html`);
  await hydrated(page);
  await page.getByLabel("事情经过").fill(text);
  await page.getByLabel("发生地点").fill("江澜大桥北引桥");
  await page.setInputFiles("input[type=file]", [`${demoPictures}manhole-road.jpg`]);
  await expect.poll(() => page.locator(".tip-thumb img").count(), { timeout: 5000 }).toBe(1);
  await page.getByRole("button", { name: "登录后提交爆料" }).click();
  await logInThroughPopup(page, `1390013${String(Date.now() % 10000).padStart(4, "0")}`);
  await page.getByRole("button", { name: "提交爆料" }).click();
  await page.waitForURL(/\/dejin\/tip\/[2-9A-HJ-NP-Z]{8}\/index\.html$/, { timeout: 30_000 });
  const receipt = /\/tip\/([2-9A-Z]{8})\//.exec(page.url())?.[1] as string;
  await context.close();
  return receipt;
}

describe("the newsroom console", () => {
  let browser: Browser;
  let moderator: Account;
  let editor: Account;
  /** A second moderator, without TOTP: a code is spent once, and logging in again would wait for the next. */
  let colleague: Account;

  beforeAll(async () => {
    browser = await connectBrowser();
    moderator = await invite("moderator", "审核员小林");
    editor = await invite("editor", "编辑小周");
    colleague = await invite("moderator", "审核员小陈", false);
  });
  afterAll(() => browser?.close());

  it("R-CONSOLE-4 R-CONSOLE-1 R-MOD-2 a moderator enrols TOTP, logs in with password then code, approves a held comment, and the share page shows it", async () => {
    const marker = `控制台审核${stamp}`;
    const articleUrl = await heldComment(browser, marker);
    const context = await desktop(browser);
    const page = await context.newPage();
    await enrolAndLogIn(page, moderator);
    // the sidebar shows what a moderator may do, and nothing of an admin's or an editor's
    const nav = await page.locator(".sidebar .nav-link").allTextContents();
    expect(nav).toEqual(expect.arrayContaining(["评论审核", "爆料箱", "账号安全"]));
    expect(nav).toContain("直播聊天");
    expect(nav).not.toContain("账号与角色");
    expect(nav).not.toContain("预览链接");
    expect(nav).not.toContain("站点设置");

    await page.locator(".sidebar").getByRole("link", { name: "评论审核" }).click();
    const row = page.locator("tbody tr", { hasText: marker });
    await row.waitFor();
    await expect.poll(() => row.getByText("含链接").count()).toBe(1);
    // the keyboard: j/k move the cursor onto the row, a approves it
    const rows = await page.locator("tbody tr").allTextContents();
    const index = rows.findIndex((text) => text.includes(marker));
    for (let i = 0; i < index; i += 1) await page.keyboard.press("j");
    await expect.poll(() => row.getAttribute("aria-current")).toBe("true");
    await shot(page, `console/moderation-queue-1280-light`);
    await page.keyboard.press("?");
    await page.getByRole("dialog", { name: "键盘快捷键" }).waitFor();
    await shot(page, `console/moderation-shortcuts-1280-light`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.getByRole("dialog").textContent()).toContain("通过");
    // keys do nothing behind the help
    await page.keyboard.press("d");
    expect(await row.count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.keyboard.press("a");
    await page.getByRole("status").filter({ hasText: "已处理 1 条" }).waitFor();
    await expect.poll(() => row.count()).toBe(0);

    // the reader's article shows the approved comment
    const reader = await (await phoneContext(browser)).newPage();
    await expect
      .poll(
        async () => {
          await reader.goto(articleUrl);
          return reader.locator(".comment-text", { hasText: marker }).count();
        },
        { timeout: 15000, interval: 500 },
      )
      .toBe(1);
    await reader.context().close();
    await context.close();
  }, 60_000);

  it("R-CONSOLE-5 R-CONSOLE-4 another editor's action leaves the queue within 2 s, and acting on it after says who handled it", async () => {
    const marker = `并发审核${stamp}`;
    await heldCommentThroughApi(marker);
    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, colleague);
    await page.locator(".sidebar").waitFor();
    await page.goto(`${consoleUrl}/moderation`);
    const row = page.locator("tbody tr", { hasText: marker });
    await row.waitFor();
    const gid = await row.getAttribute("data-gid");
    // the admin rejects it through the API: the moderator's queue drops it without a reload
    const rejected = await fetch(`${origin}/editor/v1/comments/${gid}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await editorHeaders(origin)) },
      body: JSON.stringify({ action: "reject" }),
    }).then((r) => r.json());
    expect(rejected.code).toBe(0);
    const started = Date.now();
    await expect.poll(() => row.count(), { timeout: 2000, interval: 50 }).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);

    // a second held comment the admin handles while the moderator's queue is paused (hidden tab)
    const second = `已被处理${stamp}`;
    await heldCommentThroughApi(second);
    const secondRow = page.locator("tbody tr", { hasText: second });
    await secondRow.waitFor();
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    });
    const secondGid = await secondRow.getAttribute("data-gid");
    const approved = await fetch(`${origin}/editor/v1/comments/${secondGid}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await editorHeaders(origin)) },
      body: JSON.stringify({ action: "approve" }),
    }).then((r) => r.json());
    expect(approved.code).toBe(0);
    await secondRow.click();
    await page.getByRole("button", { name: /^驳回/ }).click();
    const notice = page.locator(".notice-conflict");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("该评论已由 测试管理员处理（已通过）");
    await context.close();
  }, 60_000);

  it("R-CONSOLE-4 R-MOD-2 bulk: two held comments selected by keyboard and checkbox are deleted at once, after a confirmation", async () => {
    const markers = [`批量一${stamp}`, `批量二${stamp}`];
    for (const marker of markers) await heldCommentThroughApi(marker);
    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, colleague);
    await page.locator(".sidebar").waitFor();
    await page.goto(`${consoleUrl}/moderation`);
    const rows = markers.map((marker) => page.locator("tbody tr", { hasText: marker }));
    for (const row of rows) await row.waitFor();
    // the first by its checkbox, the second with x on the cursor's row
    await rows[0]?.getByRole("checkbox").check();
    await rows[1]?.locator(".comment-text").click();
    await page.keyboard.press("x");
    await page.getByText("已选 2 条").waitFor();
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      dialog.accept();
    });
    await page.keyboard.press("d");
    await page.getByRole("status").filter({ hasText: "已处理 2 条" }).waitFor();
    expect(asked).toEqual(["确定删除选中的 2 条评论？删除后作者也看不到。"]);
    for (const row of rows) await expect.poll(() => row.count()).toBe(0);
    await context.close();
  }, 60_000);

  it("R-CONSOLE-4 R-PREVIEW-1 an editor makes a preview link with an expiry, opens the QR code's URL on a phone, and revokes it", async () => {
    const article = (await demoCards(origin)).find((card) => card.content_type === "article");
    if (!article) throw new Error("no demo article");
    const context = await desktop(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    const page = await context.newPage();
    await enrolAndLogIn(page, editor);
    const nav = await page.locator(".sidebar .nav-link").allTextContents();
    // an editor's duties (R-CONSOLE-2): the app's download addresses and the rooms' chat, not the site's settings
    expect(nav).toEqual(expect.arrayContaining(["预览链接", "直播间", "直播聊天", "应用下载", "本地信息"]));
    expect(nav).not.toContain("评论审核");
    expect(nav).not.toContain("站点设置");
    await page.locator(".sidebar").getByRole("link", { name: "预览链接" }).click();
    await page.getByLabel("内容 ID").fill(article.post_id);
    await page.getByLabel("有效期").selectOption("60");
    const draft = `控制台预览草稿${stamp}`;
    await page.getByLabel("草稿标题（可选）").fill(draft);
    await page.getByRole("button", { name: "生成" }).click();
    const qr = page.getByRole("img", { name: "预览链接二维码" });
    await qr.waitFor();
    // the URL a phone's camera reads from the QR code on the screen
    const pixels = await qr.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context2d = canvas.getContext("2d") as CanvasRenderingContext2D;
      context2d.drawImage(img, 0, 0);
      const data = context2d.getImageData(0, 0, canvas.width, canvas.height);
      return { data: Array.from(data.data), width: data.width, height: data.height };
    });
    const url = jsQR(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height)?.data ?? "";
    expect(url).toMatch(new RegExp(`^${origin}/davmu/share/preview-[A-Za-z0-9_]+/doc/.+token=`));
    // the same URL the link field shows and the copy button copies
    expect(await page.getByLabel("复制链接").inputValue()).toBe(url);
    const made = page.locator(".qr-panel");
    await made.getByRole("button", { name: "复制链接" }).click();
    await made.getByRole("button", { name: "已复制" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // the links made in this browser (the list of every editor's links follows it)
    const mine = page.locator("section", { has: page.getByRole("heading", { name: "本浏览器生成的有效链接" }) });
    const remaining = await mine.locator("tbody tr", { hasText: article.post_id }).locator("td").nth(2).textContent();
    expect(remaining).toMatch(/^(1:00:00|59:\d\d)$/);
    await shot(page, `console/previews-qr-1280-light`);
    expect(await axeViolations(page)).toEqual([]);

    const phone = await (await phoneContext(browser)).newPage();
    expect((await phone.goto(url))?.status()).toBe(200);
    expect(await phone.content()).toContain(draft);

    // revoking asks first: cancelled, the link still works; confirmed, it ends
    const revokeButton = mine.locator("tbody tr", { hasText: article.post_id }).getByRole("button", { name: "撤销" });
    await revokeButton.click();
    const ask = page.getByRole("dialog", { name: `撤销 ${article.post_id} 的全部预览链接？已发出的链接将立即失效。` });
    await ask.waitFor();
    await shot(page, `console/previews-confirm-1280-light`);
    expect(await axeViolations(page)).toEqual([]);
    await ask.getByRole("button", { name: "取消" }).click();
    await expect.poll(() => ask.count()).toBe(0);
    expect((await phone.goto(url))?.status()).toBe(200);
    await revokeButton.click();
    await ask.getByRole("button", { name: "撤销" }).click();
    await page.getByRole("status").filter({ hasText: "已撤销" }).waitFor();
    // gone from both lists
    await expect.poll(() => page.locator("tbody tr", { hasText: article.post_id }).count()).toBe(0);
    expect((await phone.goto(url))?.status()).toBe(403);
    expect(await phone.locator("h1").textContent()).toBe("预览链接已失效");
    await phone.context().close();
    await context.close();
  }, 60_000);

  it("R-CONSOLE-4 R-TIP-1 a moderator sees a tip with its picture, accepts it and publishes it as a clue report; another is rejected with a reason", async () => {
    const first = await sentTip(browser, `桥下的排水口堵住了，一下雨就积水到膝盖，${stamp}。`);
    const second = await sentTip(browser, `小区门口的共享单车堆成了山，挡住了消防通道，${stamp}。`);
    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, colleague);
    await page.locator(".sidebar").getByRole("link", { name: "爆料箱" }).click();
    const card = (receipt: string) => page.locator("article.tip", { hasText: receipt });
    await card(first).waitFor();
    // the picture the reader sent, as the API stored it
    const picture = card(first).getByRole("img", { name: "图片 1" });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await card(first).getByRole("button", { name: "采纳" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${first}：已采纳` })
      .waitFor();
    await expect.poll(() => card(first).count()).toBe(0);

    await card(second).getByRole("button", { name: "驳回" }).click();
    await card(second).getByLabel("拒绝原因（将告知爆料人）").fill("已转交城管部门处理");
    await card(second).getByRole("button", { name: "提交" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${second}：已拒绝` })
      .waitFor();

    await page.getByRole("tab", { name: "已采纳" }).click();
    await card(first).getByRole("button", { name: "发布为线索" }).click();
    await card(first).getByLabel("标题").fill(`桥下排水口堵塞 ${stamp}`);
    await card(first).getByRole("button", { name: "提交" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `${first}：已发布` })
      .waitFor();
    await page.getByRole("tab", { name: "已发布" }).click();
    const link = card(first).locator("a.clue-link");
    await link.waitFor();
    const clueUrl = (await link.getAttribute("href")) ?? "";
    const clue = await fetch(new URL(clueUrl, origin));
    expect(clue.status).toBe(200);
    expect(await clue.text()).toContain(`桥下排水口堵塞 ${stamp}`);

    // the reader's receipt page shows the reason
    const receiptPage = await fetch(`${origin}/davmu/share/dejin/tip/${second}/index.html`).then((r) => r.text());
    expect(receiptPage).toContain("已转交城管部门处理");
    await context.close();
  }, 90_000);

  it("R-CONSOLE-4 R-CONSOLE-1 an admin invites an editor on the accounts screen, changes the role, and disables the account, which then cannot log in", async () => {
    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, admin);
    await page.locator(".sidebar").getByRole("link", { name: "账号与角色" }).click();
    const email = `invited-${stamp}@e2e.test`;
    await page.getByLabel("邮箱").fill(email);
    await page.getByLabel("姓名").fill("实习编辑小吴");
    await page.locator("form select[name=role]").selectOption("analyst");
    await page.getByLabel("强制两步验证", { exact: true }).uncheck();
    await page.getByRole("button", { name: "新建账号" }).click();
    const issued = page.getByRole("status").filter({ hasText: email });
    await issued.waitFor();
    const password = (await issued.locator("code").textContent()) ?? "";
    expect(password.length).toBeGreaterThanOrEqual(12);
    const row = page.locator("tbody tr", { hasText: email });
    // the list marks an account whose handed-over password its owner has not replaced yet
    await expect.poll(() => row.getByText("待改初始密码").count()).toBe(1);
    await row.getByLabel("角色 实习编辑小吴").selectOption("moderator");
    await page.getByRole("status").filter({ hasText: "实习编辑小吴：已保存" }).waitFor();

    // the invited editor logs in with the one-time password, replaces it, and sees a moderator's sidebar
    const other = await (await desktop(browser)).newPage();
    await loginWithPassword(other, { email, password });
    await other.waitForURL(/\/editor\/console\/security$/);
    const own = `${password}-own`;
    await other.locator('input[name="current-password"]').fill(password);
    await other.locator('input[name="new-password"]').fill(own);
    await other.locator('input[name="new-password-again"]').fill(own);
    await other.getByRole("button", { name: "修改密码" }).click();
    await expect.poll(() => other.locator(".sidebar .nav-link").allTextContents()).toContain("评论审核");

    // a forgotten password: the admin resets it, the open session ends, and a new one-time password logs in
    await row.getByRole("button", { name: "重置密码" }).click();
    const confirm = page.getByRole("dialog", { name: /^重置 实习编辑小吴 的密码？/ });
    // confirmed with the admin's own password: the button waits for it
    expect(await confirm.getByRole("button", { name: "重置密码" }).isDisabled()).toBe(true);
    await confirm.getByLabel("你的当前密码（用于确认）").fill(admin.password);
    await confirm.getByRole("button", { name: "重置密码" }).click();
    const reissued = page.getByRole("status").filter({ hasText: email });
    await expect.poll(async () => (await reissued.locator("code").textContent()) ?? password).not.toBe(password);
    const handed = (await reissued.locator("code").textContent()) ?? "";
    expect(handed.length).toBeGreaterThanOrEqual(12);
    await other.goto(`${consoleUrl}/moderation`);
    await other.waitForURL(/\/editor\/console\/login/, { timeout: 4000 });
    await loginWithPassword(other, { email, password: handed });
    await other.waitForURL(/\/editor\/console\/security$/);

    await row.getByRole("button", { name: "停用" }).click();
    await page
      .getByRole("dialog", { name: /^停用 实习编辑小吴 的账号？/ })
      .getByRole("button", { name: "停用" })
      .click();
    await expect.poll(() => row.getByText("已停用").count()).toBe(1);
    // the disabled account's open console goes back to the login screen, and cannot log in again
    await other.goto(`${consoleUrl}/moderation`);
    await other.waitForURL(/\/editor\/console\/login/, { timeout: 4000 });
    await loginWithPassword(other, { email, password: handed });
    await other.getByRole("alert").filter({ hasText: "账号已停用" }).waitFor();
    await other.context().close();

    // the audit trail lists the change, filtered by its target, and exports it as CSV
    await page.locator(".sidebar").getByRole("link", { name: "操作日志" }).click();
    await page.getByLabel("操作", { exact: true }).fill("updateEditor");
    await page.getByRole("button", { name: "筛选" }).click();
    await expect.poll(() => page.locator("tbody tr", { hasText: "updateEditor" }).count()).toBeGreaterThanOrEqual(2);
    const csvHref = (await page.getByRole("link", { name: "导出 CSV" }).getAttribute("href")) ?? "";
    expect(csvHref).toBe("/editor/v1/audit.csv?action=updateEditor");
    const csv = await page.evaluate((href) => fetch(href).then((r) => r.text()), csvHref);
    expect(csv).toContain("updateEditor");
    await context.close();
  }, 60_000);

  it("R-CONSOLE-4 R-LIVE-3 the live room screen sets a room's status and counts down to its start", async () => {
    const concert = (await demoCards(origin)).find(
      (card) =>
        (card.content_type === "live" || card.content_type === "local_live") && card.title.includes("冬季音乐会"),
    );
    if (!concert) throw new Error("no demo concert live room");
    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, admin);
    await page.locator(".sidebar").getByRole("link", { name: "直播间" }).click();
    await page.getByLabel("直播间 ID").fill(concert.post_id);
    // the concert has not begun (its state is left as found: the live room's own tests start it)
    await page.getByRole("button", { name: "设为 未开始" }).click();
    const card = page.getByRole("region", { name: "直播状态" });
    await card.getByText("未开始").waitFor();
    const first = await card.locator(".countdown strong").textContent();
    expect(first).toMatch(/^(\d+:)?\d\d:\d\d$/);
    await expect.poll(() => card.locator(".countdown strong").textContent(), { timeout: 3000 }).not.toBe(first);
    // the room's chat is a link away, on the live chat screen
    await page.locator("#content").getByRole("link", { name: "直播聊天" }).click();
    await page.waitForURL(
      (url) => url.pathname.endsWith("/live-chat") && url.searchParams.get("room") === concert.post_id,
    );
    await page.getByRole("heading", { name: "聊天管理" }).waitFor();
    await context.close();
  });

  it("R-CONSOLE-4 R-ACT-1 the activities screen shows the API's refusal of an activity that ends before it starts", async () => {
    const article = (await demoCards(origin)).find((card) => card.content_type === "article");
    if (!article) throw new Error("no demo article");
    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, admin);
    await page.locator(".sidebar").getByRole("link", { name: "活动" }).click();
    await page.getByLabel("内容 ID").fill(article.post_id);
    await page.getByLabel("地点", { exact: true }).fill("江澜市民广场");
    await page.getByLabel("开始时间", { exact: true }).fill("2026-12-20T10:00");
    await page.getByLabel("结束时间", { exact: true }).fill("2026-12-19T10:00");
    await page.getByLabel("报名截止", { exact: true }).fill("2026-12-18T10:00");
    await page.getByRole("button", { name: "保存" }).click();
    await page.getByRole("alert").filter({ hasText: "开始时间不能晚于结束时间" }).waitFor();
    await context.close();
  });

  it("R-CONSOLE-4 the console speaks English through the switch and keeps the editor's light or dark choice", async () => {
    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, admin);
    await page.locator(".sidebar").waitFor();
    await page.getByRole("button", { name: "English" }).click();
    await page.locator(".sidebar").getByRole("link", { name: "Comments" }).click();
    await page.getByRole("heading", { name: "Comments" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.getByRole("tab").allTextContents()).toEqual(expect.arrayContaining(["Reported"]));
    await page.getByRole("button", { name: "Toggle dark/light" }).click();
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    expect(theme).toBe("dark");
    await page.reload();
    await page.getByRole("heading", { name: "Comments" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    // the dark palette's page colour
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      "rgb(14, 19, 26)",
    );
    await shot(page, `console/moderation-1280-en-dark`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "中文" }).click();
    await page.getByRole("heading", { name: "评论审核" }).waitFor();

    // the stats page, reached from the console, opens with the same session (R-STATS-1)
    await page.locator(".sidebar").getByRole("link", { name: "数据统计" }).click();
    await page.getByRole("link", { name: "打开数据统计" }).click();
    await page.waitForURL(`${origin}/editor/stats`);
    expect(await page.locator("body").getAttribute("data-signed-in")).toBe("1");
    await context.close();
  });

  it("R-CONSOLE-2 R-CONSOLE-4 a moderator cannot open the accounts page, and a session that ends sends the console back to the login screen", async () => {
    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, colleague);
    await page.locator(".sidebar").waitFor();
    await page.goto(`${consoleUrl}/accounts`);
    await page.getByRole("heading", { name: "当前角色无权访问此页面" }).waitFor();
    expect(await page.locator("table").count()).toBe(0);
    const refused = await page.evaluate(() => fetch("/editor/v1/editors").then((r) => r.status));
    expect(refused).toBe(403);

    // the session ends (here: the cookie goes): the next poll of the queue brings the login screen
    await page.goto(`${consoleUrl}/moderation`);
    await page.locator("tbody").waitFor();
    await context.clearCookies();
    await page.waitForURL(/\/editor\/console\/login\?expired=1/, { timeout: 4000 });
    await page.getByText("登录已失效，请重新登录").waitFor();
    await context.close();
  });

  /** axe's WCAG 2.1 AA rules that read colours: what a colour scheme can change. */
  const colourRules = ["color-contrast", "link-in-text-block"];
  for (const [width, height] of [
    [1280, 800],
    [375, 667],
  ] as const) {
    it(`R-CONSOLE-4 every console screen passes axe at ${width}×${height} in light and in dark (screenshots under $E2E_SHOTS)`, async () => {
      const marathon = (await demoCards(origin)).find(
        (card) =>
          (card.content_type === "live" || card.content_type === "local_live") && card.title.includes("马拉松全程直播"),
      );
      if (!marathon) throw new Error("no demo marathon room");
      /** The screens by their address, and the states reached on them (a queue's tab, a panel, a room's chat). */
      const views: { name: string; path: string; reach?: (page: Page) => Promise<void> }[] = [
        { name: "home", path: "" },
        { name: "moderation", path: "moderation" },
        {
          name: "moderation-all",
          path: "moderation",
          reach: async (page) => {
            await page.getByRole("tab", { name: /全部/ }).click();
            await page.locator("tbody tr[data-gid]").first().waitFor();
          },
        },
        {
          name: "moderation-author",
          path: "moderation",
          reach: async (page) => {
            await page.getByRole("tab", { name: /全部/ }).click();
            await page.locator("tbody tr[data-gid] .comment-text").first().click();
            await page.keyboard.press("u");
            await page.locator(".side-panel .history").waitFor();
            await page.waitForTimeout(400); // the sidebar's slide out ends (375 px)
          },
        },
        { name: "tips", path: "tips" },
        { name: "live-chat", path: `live-chat?room=${encodeURIComponent(marathon.post_id)}` },
        { name: "previews", path: "previews" },
        { name: "live", path: "live" },
        { name: "forms", path: "forms" },
        { name: "activities", path: "activities" },
        { name: "local", path: "local" },
        { name: "app", path: "app" },
        { name: "stats", path: "stats" },
        { name: "settings", path: "settings" },
        { name: "accounts", path: "accounts" },
        { name: "audit", path: "audit" },
        { name: "security", path: "security" },
      ];
      const found: string[] = [];
      const context = await browser.newContext({
        viewport: { width, height },
        userAgent: desktopUserAgent,
        locale: "zh-CN",
      });
      const page = await context.newPage();
      /** The screen as it is now, in the light and the dark scheme (the console follows the system's). */
      const audit = async (name: string, options: { fullPage?: boolean } = {}) => {
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          // the palette the scheme calls for is the one audited (the dark page colour, or not it)
          const darkPage = () =>
            page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor === "rgb(14, 19, 26)");
          await expect.poll(darkPage, { timeout: 3000 }).toBe(colorScheme === "dark");
          await shot(page, `console/${name}-${width}-${colorScheme}`, options);
          // the scheme changes colours alone: in the dark the rules that judge colour, every rule in the light
          for (const violation of await axeViolations(page, colorScheme === "dark" ? colourRules : undefined))
            found.push(`${name} ${width} ${colorScheme}: ${violation}`);
        }
        await page.emulateMedia({ colorScheme: "light" });
      };
      // the requests the page has made and not seen answered yet
      let inFlight = 0;
      page.on("request", () => inFlight++);
      page.on("requestfinished", () => inFlight--);
      page.on("requestfailed", () => inFlight--);
      /** Waits for half a second with no request open, as Playwright's network idle does for a document. */
      const quiet = async () => {
        let since = Date.now();
        const deadline = Date.now() + 10_000;
        while (Date.now() - since < 500) {
          if (Date.now() > deadline) throw new Error(`${inFlight} requests still open after 10 s`);
          if (inFlight > 0) since = Date.now();
          await page.waitForTimeout(50);
        }
      };
      /**
       * A screen reached as an editor reaches it: through the sidebar's link (opened from 菜单 on a
       * phone), in the same document; a screen with no link of its own (a room's chat) by its address.
       */
      const open = async (path: string) => {
        const link = page.locator(`.sidebar a.nav-link[href="/editor/console/${path}"]`);
        if (path === "" || path.includes("?") || (await link.count()) === 0) {
          await page.goto(`${consoleUrl}/${path}`);
          return;
        }
        // a panel left open over the screen (an author's record) is closed first, as an editor would
        if ((await page.locator(".side-panel").count()) > 0) {
          await page.keyboard.press("Escape");
          await page.locator(".side-panel").waitFor({ state: "detached" });
        }
        // on a phone the sidebar waits off the screen until 菜单 opens it
        if (width === 375) {
          await page.getByRole("button", { name: "菜单" }).click();
          await page.locator(".shell.menu-open").waitFor();
        }
        await link.click();
        await page.waitForURL((url) => url.pathname === `/editor/console/${path}`);
        // on a phone the sidebar slides away over 0.2 s
        await page.locator(".shell.menu-open").waitFor({ state: "detached" });
      };
      await page.goto(`${consoleUrl}/`);
      await page.getByLabel("邮箱").waitFor();
      await audit("login");
      await loginWithPassword(page, admin);
      await page.locator(".sidebar").waitFor({ state: "attached" });
      for (const view of views) {
        await open(view.path);
        await page.locator(".page-header").first().waitFor();
        // the screen's own calls answered (Playwright's network idle is the document's, reached once)
        await quiet();
        await view.reach?.(page);
        // the whole page, but for a panel over it (fixed to the window)
        await audit(view.name, { fullPage: view.name !== "moderation-author" });
      }
      // the sidebar opened over the screen on a phone
      if (width === 375) {
        await page.getByRole("button", { name: "菜单" }).click();
        await page.waitForTimeout(400);
        await audit("menu");
      }
      await context.close();
      expect(found).toEqual([]);
    }, 150_000);
  }
});
