/** What the console's browser files share: where the console is, a desktop context, a password login. */
import { desktopUserAgent } from "@davmu/test-support/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { editorHeaders } from "./editor-session.ts";
import { site } from "./setup/site.ts";

export const origin = site.origin;
export const consoleUrl = `${origin}/editor/console`;

export interface Account {
  email: string;
  password: string;
  secret?: string;
}

export function desktop(browser: Browser, colorScheme: "light" | "dark" = "light"): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1280, height: 800 },
    userAgent: desktopUserAgent,
    locale: "zh-CN",
    colorScheme,
  });
}

export async function loginWithPassword(page: Page, account: Account) {
  await page.goto(`${consoleUrl}/`);
  await page.getByLabel("邮箱").fill(account.email);
  await page.getByLabel("密码").fill(account.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
}

const stamp = Date.now().toString(36);

/**
 * An account the admin makes through the API (TOTP required unless told). Its one-time password is
 * replaced by one of its own through the API, as its owner does at the first login, unless `oneTime`
 * asks for the account as handed over.
 */
export async function invite(
  role: "moderator" | "editor" | "analyst",
  name: string,
  totpRequired = true,
  { oneTime = false }: { oneTime?: boolean } = {},
): Promise<Account> {
  const email = `${role}-${totpRequired ? "totp" : "plain"}-${stamp}-${Math.random().toString(36).slice(2, 6)}@e2e.test`;
  const answer = await fetch(`${origin}/editor/v1/editors`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(await editorHeaders(origin)) },
    body: JSON.stringify({ email, name, role, totp_required: totpRequired }),
  }).then((r) => r.json());
  if (answer.code !== 0) throw new Error(`creating the ${role} failed: ${JSON.stringify(answer)}`);
  const given = answer.data.password as string;
  if (oneTime) return { email, password: given };
  const own = `${given}-own`;
  await replacePassword(email, given, own);
  return { email, password: own };
}

/** Logs in through the API, replaces the password and logs out. */
async function replacePassword(email: string, current: string, next: string) {
  const login = await fetch(`${origin}/editor/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: current }),
  });
  const body = (await login.json()) as { code: number; data: { csrf_token: string } };
  if (body.code !== 0) throw new Error(`the invited editor's login failed: ${JSON.stringify(body)}`);
  const headers = {
    "content-type": "application/json",
    cookie: (login.headers.get("set-cookie") ?? "").split(";")[0] as string,
    "x-csrf-token": body.data.csrf_token,
  };
  const changed = await fetch(`${origin}/editor/v1/me/password`, {
    method: "POST",
    headers,
    body: JSON.stringify({ current, next }),
  }).then((r) => r.json());
  if (changed.code !== 0) throw new Error(`replacing the one-time password failed: ${JSON.stringify(changed)}`);
  await fetch(`${origin}/editor/v1/logout`, { method: "POST", headers, body: "{}" }).then((r) => r.arrayBuffer());
}
