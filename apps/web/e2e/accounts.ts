/**
 * What the browser tests of accounts and comments share (accounts-comments and comments-xss .e2e.ts):
 * the demo articles as their pages show them, logging in by SMS code, toasts and sending a comment.
 */
import type { Frame, Page } from "playwright-core";
import { expect } from "vitest";
import { site } from "./setup/site.ts";

const origin = site.origin;
const outboxUrl = site.smsOutboxUrl;

export interface DemoArticle {
  url: string;
  mp: boolean;
  open: boolean;
  threadsWithReplies: number;
}

/** The demo articles as the home page lists them, with what their server-rendered page shows. */
/** An anonymous visitor's token, as the site's start-up gets one (POST /peony/v1/auth). */
export async function anonymousToken(): Promise<string> {
  const auth = await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  }).then((r) => r.json());
  return auth.data.token as string;
}

export async function demoArticles(): Promise<DemoArticle[]> {
  // every article of the demo set, read from the content list (the home page mixes every type)
  const auth = await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  });
  const token = ((await auth.json()) as { data: { token: string } }).data.token;
  const list = (await (
    await fetch(`${origin}/peony/v1/content?pagesize=50`, { headers: { authorization: token } })
  ).json()) as {
    data: { list: Array<{ content_type: string; content_link: string }> };
  };
  const links = list.data.list
    .filter((i) => i.content_type === "article")
    .map((i) => new URL(i.content_link, origin).pathname);
  const found: DemoArticle[] = [];
  for (const link of links) {
    const html = await (
      await fetch(origin + link, { headers: { "user-agent": "iPhone Mobile MicroMessenger" } })
    ).text();
    found.push({
      url: origin + link,
      mp: html.includes("article-meta is-mp"),
      // a class attribute, not the inlined stylesheet, which names every class
      open: !/class="[^"]*\bcf-closed\b/.test(html),
      threadsWithReplies: (html.match(/class="replies-toggle"/g) ?? []).length,
    });
  }
  return found;
}

/**
 * Waits until the page's toast says `text` (all of it, or matching a pattern). The check runs in the
 * page on every frame: a toast stays 2 s, which round trips from the test could miss on a saturated
 * machine, and a slow answer behind it (an SMS sent through the gateway) gets 15 s before it fails.
 */
/** The post id of a share link: its segment before `index.html` (`/davmu/share/news/doc/2026/11/{id}/index.html`). */
export const postIdOf = (link: string) => new URL(link, origin).pathname.split("/").at(-2) as string;

export async function expectToast(page: Page | Frame, text: string | RegExp, timeout = 15_000) {
  const want = typeof text === "string" ? { exact: text } : { source: text.source, flags: text.flags };
  try {
    await page.waitForFunction(
      (w) => {
        const said = document.querySelector('[data-testid="toast"]')?.textContent ?? "";
        return "exact" in w ? said === w.exact : new RegExp(w.source, w.flags).test(said);
      },
      want,
      { polling: "raf", timeout },
    );
  } catch (error) {
    const said = await page
      .getByTestId("toast")
      .textContent()
      .catch(() => null);
    throw new Error(`the toast did not say ${String(text)} within ${timeout} ms (it says ${JSON.stringify(said)})`, {
      cause: error,
    });
  }
}

export async function latestCode(tel: string): Promise<string> {
  const answer = (await (await fetch(`${outboxUrl}?tel=${tel}`)).json()) as {
    data: { list: Array<{ code: string }> };
  };
  const code = answer.data.list[0]?.code;
  if (!code) throw new Error(`no SMS code was sent to ${tel}`);
  return code;
}

export function popup(page: Page) {
  // the popup shown: the host draws the next one hidden on every page (decision 077)
  return page.locator('[data-testid="login-popup"]:not([hidden])');
}

/** Waits until the island is hydrated: a reader's typing comes later than a script's, which would run ahead of it. */
export async function awake(page: Page, island: string) {
  await page.locator(`davmu-island[data-island="${island}"][data-awake]`).first().waitFor({ state: "attached" });
}

export async function openLogin(page: Page) {
  await page.getByTestId("open-app-banner").getByRole("button", { name: "登录" }).click();
  await popup(page).getByRole("dialog").waitFor();
  // the popup is drawn before its host wakes (decision 077): its fields answer once it has
  await awake(page, "login-host");
}

export async function loginWithCode(page: Page, tel: string) {
  await openLogin(page);
  await popup(page).getByLabel("手机号").fill(tel);
  await popup(page).getByRole("button", { name: "获取验证码" }).click();
  await expectToast(page, "验证码发送成功");
  await expect.poll(() => popup(page).locator(".login-code").textContent()).toMatch(/^\d+s后重新获取$/);
  await popup(page)
    .getByLabel("验证码")
    .fill(await latestCode(tel));
  await popup(page).getByRole("checkbox").check();
  await popup(page).getByRole("button", { name: "登录", exact: true }).click();
  await expectToast(page, "登录成功～");
  await page.locator(".banner-avatar").waitFor();
  expect(await popup(page).count()).toBe(0);
}

/** Logs in through the open login popup with a phone and the SMS code the outbox holds for it. */
export async function fillLoginPopup(page: Page, tel: string) {
  await popup(page).getByLabel("手机号").fill(tel);
  await popup(page).getByRole("button", { name: "获取验证码" }).click();
  await expectToast(page, "验证码发送成功");
  await popup(page)
    .getByLabel("验证码")
    .fill(await latestCode(tel));
  await popup(page).getByRole("checkbox").check();
  await popup(page).getByRole("button", { name: "登录", exact: true }).click();
}

/** Logs in through the popup an action opened because it needs login, and waits for the popup to close. */
export async function logInThroughPopup(page: Page, tel: string) {
  await popup(page).getByRole("dialog").waitFor({ timeout: 5000 });
  await fillLoginPopup(page, tel);
  await expect.poll(() => popup(page).count(), { timeout: 8000 }).toBe(0);
}

export async function send(page: Page, text: string) {
  // as a reader does: the box is tapped (which wakes its island), then typed in
  await page.locator(".cf-input").focus();
  await awake(page, "comment-footer");
  await page.locator(".cf-input").fill(text);
  await page.getByRole("button", { name: "发送" }).click();
}

/** A reader logged in through the API: SMS code, then the login call. */
export async function loginThroughApi(tel: string): Promise<{ token: string; userId: string }> {
  const json = async (path: string, init: RequestInit = {}) => (await fetch(origin + path, init)).json();
  const anonymous = await json("/peony/v1/auth", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  });
  if (anonymous.code !== 0) throw new Error(`the anonymous token was refused: ${JSON.stringify(anonymous)}`);
  // the product's answer says why when no code was sent (a refusal, or the SMS gateway's failure)
  const sent = await json(`/peony/v1/vcode?tel=${tel}&type=6`, { headers: { authorization: anonymous.data.token } });
  if (sent.code !== 0) throw new Error(`no SMS code was sent to ${tel}: ${JSON.stringify(sent)}`);
  const code = await latestCode(tel);
  const answer = await json("/peony/v1/auth", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile", account: tel, verify_code: code }),
  });
  if (answer.code !== 0) throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return { token: answer.data.token, userId: String(answer.data.user_id) };
}
