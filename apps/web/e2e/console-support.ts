/** What the console's browser files share: where the console is, a desktop context, a password login. */
import { desktopUserAgent } from "@davmu/test-support/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { site } from "./setup/site.ts";

export const origin = site.origin;
export const consoleUrl = `${origin}/editor/console`;
export const shots = process.env.CONSOLE_SHOTS_DIR ?? "/tmp/davmu-console-shots";

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
